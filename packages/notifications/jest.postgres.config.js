// The integration suites on PostgreSQL: `npx nx run notifications:test-postgres` (through
// tools/postgres/run-postgres-tests.js, which sets TICKLER_TEST_DB=postgres). Every app a test
// makes gets its own schema of the test server (packages/core/src/testing/test-database.ts).
const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: [
    '<rootDir>/src/**/*.int.spec.ts',
    '<rootDir>/test/**/*.int.spec.ts',
    '<rootDir>/test/**/*.pg.spec.ts',
  ],
  testPathIgnorePatterns: [
    '/node_modules/',
    // SQLite-only by nature:
    // - the wake-up skip trusts SQLite's `pragma data_version` and a second better-sqlite3
    //   connection on the file; PostgreSQL has no such counter and always writes the upsert
    'queue-delivery-wake-up\\.int\\.spec\\.ts$',
    // - counts the statements better-sqlite3 executes in an idle minute (onStatement); on
    //   PostgreSQL the wake-up check is an upsert, not `pragma data_version`
    'idle-statements\\.int\\.spec\\.ts$',
    // - reads which columns each UPDATE sets the same way (onStatement)
    'body-apart-writes\\.int\\.spec\\.ts$',
    // - the upgrade fixture is a SQLite file written by the previous release
    'upgrade\\.int\\.spec\\.ts$',
  ],
  // One round trip per statement instead of an in-process call: bulk tests need more time.
  testTimeout: 30_000,
};
