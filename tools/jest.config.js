const preset = require('../jest.preset.js')(__dirname);
module.exports = {
  ...preset,
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/bench/**/*.spec.ts',
    '<rootDir>/reliability/**/*.spec.ts',
    '<rootDir>/test-run/**/*.spec.js',
  ],
  // PostgreSQL only (several daemons on one server): jest.postgres.config.js runs them.
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.spec\\.ts$'],
};
