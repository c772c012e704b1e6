import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildProjects } from './build-projects';

/**
 * The body of an e2e jest global setup: builds `tsconfigs` once (processes spawned by the tests
 * run the built code) and makes this run's temp root (`TICKLER_E2E_ROOT`), under which
 * `DaemonProcess.tempDir` puts every folder; {@link endE2eRun} removes it.
 */
export async function startE2eRun(tsconfigs: readonly string[], prefix: string): Promise<void> {
  await buildProjects(tsconfigs);
  process.env.TICKLER_E2E_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The body of an e2e jest global teardown: removes the run's temp root. */
export function endE2eRun(): void {
  const root = process.env.TICKLER_E2E_ROOT;
  if (root) {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
