// The integration suites on PostgreSQL: `npx nx run core:test-postgres` (through
// tools/postgres/run-postgres-tests.js, which sets TICKLER_TEST_DB=postgres). Every app a test
// makes gets its own schema of the test server (packages/core/src/testing/test-database.ts).
const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: [
    '<rootDir>/src/**/*.int.spec.ts',
    '<rootDir>/test/**/*.int.spec.ts',
    '<rootDir>/src/**/*.pg.spec.ts',
  ],
  testPathIgnorePatterns: [
    '/node_modules/',
    // SQLite-only by nature:
    // - opening a file: WAL, busy_timeout, foreign_keys pragmas and the statement cache of better-sqlite3
    'sqlite-database\\.int\\.spec\\.ts$',
    // - EXPLAIN QUERY PLAN checks of the queue's partial index (SQLite's planner and output)
    'queue-plan\\.int\\.spec\\.ts$',
    // - a second, synchronous better-sqlite3 connection on the file reads committed state inside
    //   event callbacks; the same guarantees on PostgreSQL are exercised by the durable-subscriber
    //   and two-process suites
    'unit-of-work\\.int\\.spec\\.ts$',
    // - group commit shares one SQLite transaction between calls (savepoints, a second
    //   better-sqlite3 reader on the file); on PostgreSQL a grouped call runs as before
    'group-commit\\.int\\.spec\\.ts$',
    // - SQLite error codes and sqlite_master; PostgreSQL migrations run in every suite's start-up
    //   and concurrently in concurrent-migrations.int.spec.ts
    '/migrations\\.int\\.spec\\.ts$',
    // - the lock files beside a SQLite database (PostgreSQL's advisory locks run in
    //   instance-lock.int.spec.ts)
    'sqlite-instance-lock\\.int\\.spec\\.ts$',
    // - in-memory SQLite templates (schema-template.pg.spec.ts is PostgreSQL's twin)
    'sqlite-template\\.int\\.spec\\.ts$',
  ],
  // One round trip per statement instead of an in-process call: bulk tests need more time.
  testTimeout: 30_000,
};
