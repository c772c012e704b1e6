// The calendar context's integration suites on PostgreSQL: `npx nx run calendar:test-postgres`
// (through tools/postgres/run-postgres-tests.js, which sets TICKLER_TEST_DB=postgres). Every
// app a test makes gets its own schema of the test server.
const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/src/**/*.int.spec.ts', '<rootDir>/test/**/*.int.spec.ts'],
  testTimeout: 30_000,
};
