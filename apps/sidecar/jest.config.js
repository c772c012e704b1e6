// Unit tests of the sidecar's runtime and packaging steps (fast; nothing is packaged).
const preset = require('../../jest.preset.js')(__dirname);

module.exports = { ...preset, testMatch: ['<rootDir>/src/**/*.spec.ts'] };
