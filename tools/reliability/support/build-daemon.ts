import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './repo-root';

/**
 * Builds the daemon with `tsc -b` (a no-op when up to date) so `apps/daemon/dist/main.js` is
 * current. Takes the same lock folder as the daemon's own e2e set-up, so two jest runners never
 * write one dist folder at once.
 */
export async function buildDaemon(): Promise<void> {
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
      // A lock older than 2 minutes belongs to a runner that died mid-build.
      if (stat && Date.now() - stat.mtimeMs > 120_000) {
        fs.rmSync(lock, { recursive: true, force: true });
      } else if (Date.now() - started > 180_000) {
        throw new Error(`build lock ${lock} held too long`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    execFileSync(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-b', 'apps/daemon/tsconfig.lib.json'],
      { cwd: root, stdio: 'pipe' },
    );
  } catch (error) {
    const out = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`daemon build failed:\n${String(out.stdout ?? '')}${String(out.stderr ?? '')}`);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
