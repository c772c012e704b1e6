import path from 'node:path';
import { type FixturePool, warmFixturePool } from '@tickler/testing';

const WORKER = path.join(__dirname, 'channel-worker.ts');
/** What channel-worker.ts imports: loaded by a warm child before its case needs it. */
const PRELOAD = [
  '@tickler/core',
  '@tickler/core/testing',
  'kysely',
  path.join(__dirname, '../../src'),
  path.join(__dirname, '../../src/context'),
];
/** Children kept loaded: a case starts one, so one waits for the next case and one spare. */
const WARM = 2;

let pool: FixturePool | undefined;

/**
 * The channel workers of this test file (jest gives each file its own module registry), warm
 * ahead of the SIGKILL cases and killed after the file's tests. Call it while the suite is
 * declared (it registers an `afterAll`), not inside a test.
 */
export function channelWorkers(): FixturePool {
  if (pool === undefined) {
    const made = warmFixturePool(WORKER, PRELOAD, WARM);
    pool = made;
    afterAll(() => made.close());
  }
  return pool;
}
