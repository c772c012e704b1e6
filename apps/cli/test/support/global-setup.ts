import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildProjects } from './build-once';

// CLI tests run the built `tickler` against the built daemon: build both first. Temp folders
// of this run go under one root, removed by the global teardown.
export default async function globalSetup(): Promise<void> {
  await buildProjects(['apps/daemon/tsconfig.lib.json', 'apps/cli/tsconfig.lib.json']);
  process.env.TICKLER_E2E_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-cli-'));
}
