// The jest run Stryker tests its mutants with (stryker.config.mjs): one project over the
// in-process suites, on SQLite, of the packages the mutated files live in (the kernel, the
// notifications context, the daemon's sources). Left out: `*.pg.spec.ts` (PostgreSQL only) and
// the e2e suites, which spawn the built daemon that a mutant of the sources never reaches.
const preset = require('./jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: [
    '<rootDir>/packages/core/src/**/*.spec.ts',
    '<rootDir>/packages/notifications/src/**/*.spec.ts',
    '<rootDir>/packages/notifications/test/**/*.spec.ts',
    '<rootDir>/apps/daemon/src/**/*.spec.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.spec\\.ts$', '\\.e2e\\.spec\\.ts$'],
  // The results and hang reporters are npm test's; Stryker reads jest's results itself.
  reporters: ['default'],
};
