// Builds the repository and packages the executable once before the packaged tests run. Plain
// JavaScript, because a global setup sees no path aliases: it reaches the shared e2e set-up
// (packages/testing: the build lock, the run's temp root) by path.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { startE2eRun } = require('../../../../packages/testing/src/e2e-run');

const ROOT = path.resolve(__dirname, '../../../..');

module.exports = async function globalSetup() {
  await startE2eRun(['apps/sidecar/tsconfig.lib.json'], 'tickler-sidecar-');
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'apps/sidecar/dist/packaging/package-sidecar.js')],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
};
