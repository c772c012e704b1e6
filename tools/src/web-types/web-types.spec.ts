import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@tickler/testing';
import { declarationsOf, typeOf, WEB_TYPES_FILE } from './openapi-to-ts';

/** Runs the generator as `npm run gen:web-types` does (Prettier needs a plain Node process). */
function generator(...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', './packages/testing/swc-register.js', 'tools/src/web-types/gen-web-types.ts', ...args],
      { cwd: repoRoot() },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe('the web app types generated from the OpenAPI document', () => {
  it('are committed as the generator writes them (run `npm run gen:web-types`)', async () => {
    expect(await generator('--check')).toEqual({ code: 0, stderr: '' });
  }, 120_000);

  it('fail the check when the committed file differs', async () => {
    const file = path.join(repoRoot(), WEB_TYPES_FILE);
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'web-types-')), 'kept.ts');
    fs.copyFileSync(file, saved);
    try {
      fs.appendFileSync(file, '\nexport type Stale = true;\n');
      const stale = await generator('--check');
      expect(stale.code).toBe(1);
      expect(stale.stderr).toContain(`${WEB_TYPES_FILE} is stale`);
    } finally {
      fs.copyFileSync(saved, file);
    }
  }, 120_000);

  it('make a field optional unless required, and keep null, enums and references', () => {
    const text = declarationsOf(
      {
        components: {
          schemas: {
            Probe: {
              type: 'object',
              required: ['id', 'note'],
              properties: {
                id: { type: 'string' },
                note: { type: ['string', 'null'], description: 'a note' },
                kind: { enum: ['a', 'b', null] },
                tags: { type: 'array', items: { type: 'string' } },
                other: { $ref: '#/components/schemas/Other' },
              },
            },
            Other: { oneOf: [{ $ref: '#/components/schemas/Probe' }, { type: 'null' }] },
          },
        },
      },
      'a test',
    );
    expect(text).toContain(
      [
        'export interface Probe {',
        '  id: string;',
        '  /** a note */',
        '  note: string | null;',
        '  kind?: "a" | "b" | null;',
        '  tags?: string[];',
        '  other?: Other;',
        '}',
      ].join('\n'),
    );
    expect(text).toContain('export type Other = Probe | null;');
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } })).toBe(
      'Record<string, number>',
    );
  });
});
