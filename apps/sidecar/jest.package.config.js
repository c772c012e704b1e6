// The packaged executable, run the way a desktop shell runs it: `npm run package` first (once,
// in the global setup), then every test spawns `dist/sidecar/tickler-daemon-<target>`.
const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  testTimeout: 60_000,
};
