import path from 'node:path';
import { type Child, lineChild, spawnTypeScript } from './child-process';

/** The script a warm child starts with; one level above `src/` and `dist/` alike. */
const WARM_BOOT = path.join(__dirname, '..', 'warm-boot.js');

/** Fixture processes started ahead of time: {@link warmFixturePool}. */
export interface FixturePool {
  /** A child running the pool's script with `args`, as `spawnFixture(script, args)` would. */
  spawn(args: readonly string[]): Child;
  /** The process ids of the children loaded and waiting to be handed out. */
  waitingPids(): number[];
  /** SIGKILLs the children still waiting (the suite's `afterAll`). */
  close(): Promise<void>;
}

/**
 * Keeps `size` children of `script` started with `preload` (absolute paths or `@tickler/*`
 * names) already loaded, so a test's child only runs the script: the SIGKILL suites start two
 * processes per case, and a cold start (swc-register, the contexts' modules) costs about a
 * second of each case. The pool starts loading when made, and the next children load while the
 * current case runs. A child that is
 * handed out behaves exactly like `spawnFixture`'s (same argv, environment and stdout lines).
 */
export function warmFixturePool(script: string, preload: readonly string[], size = 2): FixturePool {
  const waiting: Child[] = [];
  const start = (): Child => lineChild(spawnTypeScript([WARM_BOOT, script, ...preload]));
  const topUp = (): void => {
    while (waiting.length < size) {
      waiting.push(start());
    }
  };
  topUp();
  return {
    spawn(args) {
      const child = waiting.shift() ?? start();
      child.write(`${JSON.stringify(args)}\n`);
      topUp();
      return child;
    },
    waitingPids: () => waiting.map((child) => child.pid),
    async close() {
      const left = waiting.splice(0);
      for (const child of left) {
        child.kill('SIGKILL');
      }
      await Promise.all(left.map((child) => child.exited));
    },
  };
}
