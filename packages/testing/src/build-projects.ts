import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './repo-root';

/** How old a build lock may grow before it counts as left by a runner that died mid-build. */
const STALE_LOCK_MS = 120_000;
/** How long a runner waits for another's build before it gives up. */
const WAIT_LIMIT_MS = 180_000;

/**
 * Builds the given tsconfig projects (paths relative to the workspace root) with `tsc -b`,
 * incremental: a no-op when up to date. A lock folder serialises builds from test runners
 * started at once (nx runs projects in parallel, and two `tsc -b` writing one dist folder race).
 */
export async function buildProjects(tsconfigs: readonly string[]): Promise<void> {
  const root = repoRoot();
  const lock = path.join(
    os.tmpdir(),
    `tickler-build-${Buffer.from(root).toString('hex').slice(-16)}.lock`,
  );
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const stat = fs.statSync(lock, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > STALE_LOCK_MS) {
        fs.rmSync(lock, { recursive: true, force: true });
      } else if (Date.now() - started > WAIT_LIMIT_MS) {
        throw new Error(`build lock ${lock} held too long`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', ...tsconfigs], {
      cwd: root,
      stdio: 'pipe',
    });
  } catch (error) {
    const out = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`build failed:\n${String(out.stdout ?? '')}${String(out.stderr ?? '')}`);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds the daemon (`apps/daemon/dist/main.js`, what `DaemonProcess` spawns). */
export function buildDaemon(): Promise<void> {
  return buildProjects(['apps/daemon/tsconfig.lib.json']);
}
