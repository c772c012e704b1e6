// The auth context's integration suites on PostgreSQL: `npx nx run auth:test-postgres` (through
// tools/postgres/run-postgres-tests.js, which sets TICKLER_TEST_DB=postgres).
const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    // SQLite-only by nature: opens a database file written by an earlier release
    'upgrade\\.int\\.spec\\.ts$',
  ],
  testTimeout: 30_000,
};
