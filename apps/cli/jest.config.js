const jestPreset = require('../../jest.preset.js');

const preset = jestPreset(__dirname);

module.exports = {
  ...preset,
  moduleNameMapper: { ...preset.moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
  // CLI tests run the built binary against the built daemon: build both once first.
  ...jestPreset.e2eRun,
  // Each test runs the CLI as a child process several times; on a loaded machine one run can
  // take seconds, so the limit is for hangs, not for speed.
  testTimeout: 180_000,
  // `*.pg.e2e` specs need the PostgreSQL test server: they run in the PostgreSQL run only.
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.e2e\\.spec\\.ts$'],
};
