import path from 'node:path';
import { type FixturePool, warmFixturePool } from '@tickler/testing';

/** What the notifications worker fixtures import: loaded by a warm child before it is needed. */
const PRELOAD = [
  '@tickler/core',
  '@tickler/core/testing',
  'kysely',
  path.join(__dirname, '../src'),
  path.join(__dirname, '../src/context'),
];
/** Children kept loaded: the one the next spawn takes, and a spare for a case that takes two. */
const WARM = 2;

const pools = new Map<string, FixturePool>();

/**
 * Warm children of the worker fixture `script` for this test file (jest gives each file its own
 * module registry), killed after the file's tests. Call it while the suite is declared (it
 * registers an `afterAll`), not inside a test.
 */
export function warmWorkers(script: string): FixturePool {
  let pool = pools.get(script);
  if (pool === undefined) {
    const made = warmFixturePool(script, PRELOAD, WARM);
    pools.set(script, made);
    afterAll(async () => {
      pools.delete(script);
      await made.close();
    });
    pool = made;
  }
  return pool;
}
