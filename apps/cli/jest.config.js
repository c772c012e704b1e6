const jestPreset = require('../../jest.preset.js');

const preset = jestPreset(__dirname);

module.exports = {
  ...preset,
  moduleNameMapper: { ...preset.moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
  // CLI tests run the built binary against the built daemon: build both once first.
  ...jestPreset.e2eRun,
  testTimeout: 60_000,
};
