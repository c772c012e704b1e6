// The web app's tests: pure helpers (src/**/*.spec.ts) and the real-browser suite
// (test/**/*.browser.spec.ts: the built page in Debian's Chromium against the real daemon).
const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.browser.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 120_000,
  // One daemon and one Chromium at a time: the machine's cores are shared.
  maxWorkers: 1,
};
