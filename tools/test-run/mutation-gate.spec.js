// The mutation gate's choice of files and its summary (mutation-gate.js); the Stryker runs
// themselves are what `npm run mutate:gate` does.
const { scoreOf, selection, summaryLine } = require('./mutation-gate');

const gate = (name, limit) => ({
  name,
  decides: 'CSRF',
  file: `apps/daemon/src/${name}.ts`,
  ring: [],
  break: limit,
});
const report = (...statuses) => ({
  files: { 'a.ts': { mutants: statuses.map((status) => ({ status })) } },
});

describe('mutation gate', () => {
  it('scores as Stryker does: killed and timed out over every mutant but errors and ignored', () => {
    const result = scoreOf(
      report(
        'Killed',
        'Timeout',
        'Survived',
        'NoCoverage',
        'CompileError',
        'RuntimeError',
        'Ignored',
      ),
    );
    expect(result).toEqual({ detected: 2, valid: 4, score: 50 });
  });

  it('has no score without a valid mutant', () => {
    expect(scoreOf(report('CompileError')).score).toBeNull();
  });

  it('runs every file with a break unless files are named, and passes the rest to Stryker', () => {
    const gated = [gate('a', 90), gate('b', null), gate('c', 80)];
    expect(selection(['--force'], gated)).toEqual({
      gates: [gated[0], gated[2]],
      strykerArgs: ['--force'],
    });
    expect(selection(['b', '--force', '--concurrency', '1'], gated)).toEqual({
      gates: [gated[1]],
      strykerArgs: ['--force', '--concurrency', '1'],
    });
    expect(() => selection(['d'], gated)).toThrow('no gated file named d');
  });

  it('names the file, its score against its break and the verdict', () => {
    const line = summaryLine(
      gate('origin-guard', 96),
      { detected: 31, valid: 32, score: 96.875 },
      0,
      12_400,
    );
    expect(line).toBe('origin-guard.ts (CSRF): 96.9 % (31 of 32), break 96, 12 s: ok');
    expect(summaryLine(gate('x', null), undefined, 1, 900)).toBe(
      'x.ts (CSRF): no score, not gated, 1 s: FAILED (stryker exited 1)',
    );
  });
});
