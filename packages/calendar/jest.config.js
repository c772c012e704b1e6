const preset = require('../../jest.preset.js')(__dirname);

module.exports = preset;
