const fs = require('node:fs');

module.exports = function globalTeardown() {
  const root = process.env.TICKLER_E2E_ROOT;
  if (root) {
    fs.rmSync(root, { recursive: true, force: true });
  }
};
