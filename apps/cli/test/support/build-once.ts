import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * Builds the given tsconfig projects with `tsc -b` (incremental: a no-op when up to date).
 * A lock directory serialises builds from test runners started at once (nx runs projects in
 * parallel, and two `tsc -b` writing one dist folder can race).
 */
export async function buildProjects(tsconfigs: readonly string[]): Promise<void> {
  const lock = path.join(
    os.tmpdir(),
    `tickler-build-${Buffer.from(ROOT).toString('hex').slice(-16)}.lock`,
  );
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than 2 minutes belongs to a runner that died mid-build.
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs;
      if (Number.isFinite(age) && age > 120_000) {
        fs.rmSync(lock, { recursive: true, force: true });
      } else if (Date.now() - started > 180_000) {
        throw new Error(`build lock ${lock} held too long`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', ...tsconfigs], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  } catch (error) {
    const out = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`build failed:\n${String(out.stdout ?? '')}${String(out.stderr ?? '')}`);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
