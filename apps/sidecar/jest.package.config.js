// The packaged executable, run the way a desktop shell runs it: `npm run package` first (once,
// in the global setup), then every test spawns `dist/sidecar/tickler-daemon-<target>`.
const jestPreset = require('../../jest.preset.js');

const preset = jestPreset(__dirname);

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: jestPreset.e2eRun.globalTeardown,
  testTimeout: 60_000,
};
