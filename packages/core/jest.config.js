const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  // `*.pg.spec.ts` need a PostgreSQL server: they run in `test-postgres` (jest.postgres.config.js).
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.spec\\.ts$'],
};
