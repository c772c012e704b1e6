// The daemon's e2e suites on PostgreSQL (`npx nx run daemon:test-postgres`, through
// tools/postgres/run-postgres-tests.js, which sets TICKLER_TEST_DB=postgres): the same spec files
// as the SQLite run — `DaemonProcess` gives each daemon folder a schema of the test server — plus
// the PostgreSQL-only `*.pg.e2e.spec.ts` (several daemons sharing one database).
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    // SQLite-only by nature:
    // - opens a database file written by the previous release
    'upgrade\\.e2e\\.spec\\.ts$',
    // - the modes of the SQLite file, its -wal and -shm beside the token
    'hardening-files\\.e2e\\.spec\\.ts$',
    // - spawns the daemon itself on a SQLite file to test its stdout pipe (no DaemonProcess)
    'stdout-pipe\\.e2e\\.spec\\.ts$',
    // - the HTTP edge before any storage (refused bodies): the same on both back ends, and the
    //   costliest uploads of the suite
    'refused-bodies\\.e2e\\.spec\\.ts$',
    // - the VAPID key file beside a SQLite database; on PostgreSQL the keys live in the
    //   database (push-keys.pg.e2e.spec.ts)
    'push-keys\\.e2e\\.spec\\.ts$',
  ],
};
