// Builds the repository and packages the executable once before the packaged tests run. Plain
// JavaScript, because it shares the daemon's build lock (`buildProjects`: parallel test runners
// must not run two `tsc -b` into one dist folder) and a global setup sees no path aliases.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildProjects } = require('../../../daemon/test/support/build-once');

const ROOT = path.resolve(__dirname, '../../../..');

module.exports = async function globalSetup() {
  await buildProjects(['apps/sidecar/tsconfig.lib.json']);
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'apps/sidecar/dist/packaging/package-sidecar.js')],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  process.env.TICKLER_E2E_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-sidecar-'));
};
