import { exportedDeclarations, report } from './tsdoc-coverage';

describe('tsdoc coverage', () => {
  it('counts exported declarations with and without a TSDoc block, not re-exports or locals', () => {
    const found = exportedDeclarations(
      'x.ts',
      [
        '/** Documented. */',
        'export function a(): void {}',
        '// a line comment is not TSDoc',
        'export const b = 1, c = 2;',
        'export type D = string;',
        '/** Doc. */ export interface E {}',
        'function local(): void {}',
        'export { local };',
        "export * from './y';",
      ].join('\n'),
    );
    expect(found.map((d) => [d.name, d.documented])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
      ['D', false],
      ['E', true],
    ]);
    expect(report([{ name: 'p', declarations: found }], true)).toContain(
      '| p | 5 | 2 | 3 | 40.0 % |',
    );
  });
});
