// The web app's tests: pure helpers (src/**/*.spec.ts).
const preset = require('../../jest.preset.js')(__dirname);

module.exports = {
  ...preset,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
