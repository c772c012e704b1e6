const preset = require('../jest.preset.js')(__dirname);
module.exports = {
  ...preset,
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/bench/**/*.spec.ts',
    '<rootDir>/reliability/**/*.spec.ts',
    '<rootDir>/test-run/**/*.spec.js',
  ],
};
