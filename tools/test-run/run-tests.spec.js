// The summary `npm test` prints from the jest runs' records (run-tests.js).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readRecords, summarise, summaryLines } = require('./run-tests');
const { backendOf } = require('./results-reporter');

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
});
