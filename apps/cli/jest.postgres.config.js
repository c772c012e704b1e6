// The CLI's e2e suite on PostgreSQL (`npx nx run cli:test-postgres`, through
// tools/postgres/run-postgres-tests.js, which sets TICKLER_TEST_DB=postgres): the same spec
// files, the daemon they talk to storing in a schema of the test server.
// Left out: where.e2e (the SQLite file, its token and daemon.json in the per-user data folder:
// a file layout that a PostgreSQL daemon does not have). missed.e2e runs: a daemon restarted
// with the same TICKLER_DB maps to the same schema (DaemonProcess.dbFile honours TICKLER_DB).
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/where\\.e2e\\.spec\\.ts$'],
};
