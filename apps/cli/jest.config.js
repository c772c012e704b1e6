const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  moduleNameMapper: { ...preset.moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
  // CLI tests run the built binary against the built daemon: build both once first.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
};
