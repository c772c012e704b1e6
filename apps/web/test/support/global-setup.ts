import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromiumServer } from './chromium';

const ROOT = path.resolve(__dirname, '../../../..');

function run(args: string[]): void {
  try {
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const out = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`build failed:\n${String(out.stdout ?? '')}${String(out.stderr ?? '')}`);
  }
}

/** The run's Chromium, kept for the global teardown (they share this process's globals). */
export const CHROMIUM_SERVER = Symbol.for('tickler.web.chromiumServer');

/**
 * The browser suite runs what a person runs: the built daemon serving the built page. Build
 * both first (tsc -b is incremental; Vite takes about 2 s); temp folders go under one root.
 * Then the run's one Chromium starts; the test files connect to it.
 */
export default async function globalSetup(): Promise<void> {
  run([require.resolve('typescript/bin/tsc'), '-b', 'apps/daemon/tsconfig.lib.json']);
  run([
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    'apps/web',
    '--config',
    'apps/web/vite.config.mjs',
    '--logLevel',
    'warn',
  ]);
  process.env.TICKLER_E2E_ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-web-'));
  (globalThis as Record<symbol, unknown>)[CHROMIUM_SERVER] = await launchChromiumServer();
}
