import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildProjects } from './build-once';

/**
 * e2e tests run the built daemon (`node apps/daemon/dist/main.js`), so build it first. Every
 * temp folder of this run goes under one root, removed by the global teardown.
 */
export default async function globalSetup(): Promise<void> {
  await buildProjects(['apps/daemon/tsconfig.lib.json']);
  process.env.TICKLER_E2E_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-e2e-'));
}
