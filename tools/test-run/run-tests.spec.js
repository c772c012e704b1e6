// The summary `npm test` prints from the jest runs' records (run-tests.js).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readRecords, summarise, summaryLines, timingLines } = require('./run-tests');
const { backendOf, fileDurations } = require('./results-reporter');

const run = (backend, project, passed, failed, skipped, suites, brokenSuites = 0) => ({
  backend,
  project,
  passed,
  failed,
  skipped,
  suites,
  brokenSuites,
});

describe('npm test summary', () => {
  it('labels each back end and ends with one total line', () => {
    const lines = summaryLines(
      summarise([
        run('sqlite', 'packages/core', 10, 0, 1, 4),
        run('sqlite', 'apps/daemon', 5, 1, 0, 2),
        run('postgresql', 'apps/daemon', 6, 0, 0, 2),
      ]),
    );
    expect(lines).toEqual([
      'sqlite: 15 passed, 1 failed, 1 skipped (6 suites)',
      'postgresql: 6 passed, 0 failed, 0 skipped (2 suites)',
      'total: 21 passed, 1 failed, 1 skipped',
    ]);
  });

  it('counts a suite that could not run as a failure', () => {
    const { total } = summarise([run('sqlite', 'tools', 3, 0, 0, 2, 1)]);
    expect(total).toEqual({ passed: 3, failed: 1, skipped: 0, suites: 2 });
  });

  it('sums what was skipped for want of a server into one line naming it', () => {
    const lines = summaryLines(
      summarise([
        run('sqlite', 'apps/cli', 4, 0, 0, 1),
        { kind: 'skipped-backend', server: '127.0.0.1:5432', suites: 3 },
        { kind: 'skipped-backend', server: '127.0.0.1:5432', suites: 9 },
      ]),
    );
    expect(lines).toEqual([
      'sqlite: 4 passed, 0 failed, 0 skipped (1 suites)',
      'postgresql at 127.0.0.1:5432 unreachable: skipping 12 suites',
      'total: 4 passed, 0 failed, 0 skipped',
    ]);
  });

  it('reads the records a run left in its folder, and nothing when there is none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-run-tests-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify(run('sqlite', 'x', 1, 0, 0, 1)));
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a record');
      expect(readRecords(dir)).toEqual([run('sqlite', 'x', 1, 0, 0, 1)]);
      expect(readRecords(path.join(dir, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the back end of a jest run from TICKLER_TEST_DB', () => {
    expect(backendOf({ TICKLER_TEST_DB: 'postgres' })).toBe('postgresql');
    expect(backendOf({})).toBe('sqlite');
  });

  it("lists the slowest files across runs and each run's wall time, slowest first", () => {
    const lines = timingLines(
      [
        {
          ...run('sqlite', 'packages/core', 3, 0, 0, 2),
          wallMs: 4000,
          files: [
            { path: 'packages/core/a.spec.ts', ms: 1500 },
            { path: 'packages/core/b.spec.ts', ms: 250 },
          ],
        },
        {
          ...run('postgresql', 'packages/core', 3, 0, 0, 1),
          wallMs: 9000,
          files: [{ path: 'packages/core/a.spec.ts', ms: 7000 }],
        },
        { kind: 'skipped-backend', server: '127.0.0.1:5432', suites: 3 },
      ],
      2,
    );
    expect(lines).toEqual([
      'slowest 2 test files:',
      '     7.0 s  [postgresql] packages/core/a.spec.ts',
      '     1.5 s  [sqlite] packages/core/a.spec.ts',
      'jest runs (wall time):',
      '     9.0 s  [postgresql] packages/core',
      '     4.0 s  [sqlite] packages/core',
    ]);
  });

  it("takes each file's duration from jest's perfStats, its path relative to the root", () => {
    const files = fileDurations(
      [
        { testFilePath: '/repo/packages/x/a.spec.ts', perfStats: { start: 100, end: 350 } },
        { testFilePath: '/repo/tools/b.spec.js', perfStats: { start: 10, end: 11 } },
      ],
      '/repo',
    );
    expect(files).toEqual([
      { path: 'packages/x/a.spec.ts', ms: 250 },
      { path: 'tools/b.spec.js', ms: 1 },
    ]);
  });
});
