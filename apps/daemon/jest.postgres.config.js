// The daemon's PostgreSQL e2e (`npx nx run daemon:test-postgres`, through
// tools/postgres/run-postgres-tests.js): several real daemons sharing one database.
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/**/*.pg.e2e.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
