// A jest reporter for `npm test` (tools/test-run/run-tests.js): when TICKLER_TEST_RESULTS_DIR is
// set, writes this jest run's counts there (one JSON file per run) and prints one labelled line,
// so the SQLite and PostgreSQL runs of a project read apart in the stream. Silent otherwise.
const fs = require('node:fs');
const path = require('node:path');

/** The back end a jest run tests: what tools/postgres/run-postgres-tests.js sets. */
function backendOf(env) {
  return env.TICKLER_TEST_DB === 'postgres' ? 'postgresql' : 'sqlite';
}

/** Each test file's duration in ms, its path relative to `cwd`. */
function fileDurations(testResults, cwd) {
  return testResults.map((file) => ({
    path: path.relative(cwd, file.testFilePath),
    ms: file.perfStats.end - file.perfStats.start,
  }));
}

class ResultsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.startedAt = Date.now();
  }

  onRunStart() {
    this.startedAt = Date.now();
  }

  onRunComplete(_contexts, results) {
    // The PostgreSQL template dumps of a jest run started alone (jest.preset.js): it is over.
    if (process.env.TICKLER_TEST_PG_TEMPLATES_OWNER === String(process.pid)) {
      fs.rmSync(process.env.TICKLER_TEST_PG_TEMPLATES, { recursive: true, force: true });
    }
    const dir = process.env.TICKLER_TEST_RESULTS_DIR;
    if (!dir) {
      return;
    }
    const record = {
      backend: backendOf(process.env),
      project: path.relative(process.cwd(), this.rootDir) || '.',
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests + results.numTodoTests,
      suites: results.numTotalTestSuites,
      // A suite that could not run (a syntax error, a failing beforeAll) counts as a failure.
      brokenSuites: results.numRuntimeErrorTestSuites,
      // Where the time goes: this run's wall time and each file's (for the slowest-files list).
      wallMs: Date.now() - this.startedAt,
      files: fileDurations(results.testResults, process.cwd()),
    };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `${record.backend}-${process.pid}-${Date.now()}.json`),
      JSON.stringify(record),
    );
    process.stdout.write(
      `[${record.backend}] ${record.project}: ${record.passed} passed, ${record.failed} failed, ${record.skipped} skipped (${record.suites} suites)\n`,
    );
  }
}

module.exports = ResultsReporter;
module.exports.backendOf = backendOf;
module.exports.fileDurations = fileDurations;
