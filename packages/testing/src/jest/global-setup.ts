import path from 'node:path';
import { startE2eRun } from '../e2e-run';
import { repoRoot } from '../repo-root';

/**
 * The e2e global setup of a project whose tests spawn built code: builds the project itself and
 * the daemon (every e2e spawns it) once, and makes the run's temp root. Referenced by path from
 * a jest config (`require('jest.preset.js').e2eRun`): a global setup sees no path aliases.
 */
export default async function globalSetup(
  _globalConfig: unknown,
  projectConfig: { rootDir: string },
): Promise<void> {
  const project = path.relative(repoRoot(), projectConfig.rootDir);
  const tsconfigs = [...new Set(['apps/daemon/tsconfig.lib.json', `${project}/tsconfig.lib.json`])];
  await startE2eRun(tsconfigs, `tickler-${path.basename(project)}-`);
}
