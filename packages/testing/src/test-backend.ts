import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/** Which back end the tests run on: `TICKLER_TEST_DB=postgres`, default SQLite. */
export type TestBackend = 'sqlite' | 'postgres';

/** Server used when `TICKLER_TEST_DB=postgres` (`TICKLER_TEST_PG_URL` overrides it). */
export const DEFAULT_TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The back end tests run on: PostgreSQL when `TICKLER_TEST_DB=postgres`, else SQLite. */
export function testBackend(): TestBackend {
  return process.env.TICKLER_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/** The PostgreSQL server tests use: `TICKLER_TEST_PG_URL`, else {@link DEFAULT_TEST_PG_URL}. */
export function testPostgresUrl(): string {
  return process.env.TICKLER_TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
}

/**
 * Prefix of this run's schemas. Kept in the environment so child processes a test spawns
 * (which inherit it) map the same `file` to the same schema as their parent.
 */
function runTag(): string {
  return (process.env.TICKLER_TEST_RUN_TAG ??= randomBytes(4).toString('hex'));
}

// Set when this module loads, not at the first schema: a test may spawn its children (which
// inherit the environment) before it opens a database itself.
runTag();

/**
 * The schema standing for a SQLite `file` on PostgreSQL: the same file gives the same schema
 * within one test file, so "restart on the same file" and "two daemons on one file" keep their
 * meaning on both back ends; no file (or `:memory:`) gives a fresh schema.
 */
export function testSchemaFor(file?: string): string {
  const suffix =
    file === undefined || file === ':memory:'
      ? randomBytes(6).toString('hex')
      : createHash('sha256').update(file).digest('hex').slice(0, 12);
  return `t_${runTag()}_${suffix}`;
}

const owned = new Set<string>();
const cleanups = new Set<() => Promise<void>>();

/**
 * Marks a schema as this test file's, to drop after it (jest `afterAll`, PostgreSQL runs only).
 * `beforeDrop` runs first (e.g. stopping the processes still connected to it).
 */
export function dropAfterFile(schema: string, beforeDrop?: () => Promise<void>): void {
  owned.add(schema);
  if (beforeDrop !== undefined) {
    cleanups.add(beforeDrop);
  }
}

/** Drops the schemas {@link dropAfterFile} collected (after running their clean-ups). */
export async function dropOwnedSchemas(): Promise<void> {
  const before = [...cleanups];
  cleanups.clear();
  await Promise.all(before.map((cleanup) => cleanup().catch(() => undefined)));
  if (owned.size === 0) {
    return;
  }
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    for (const schema of owned) {
      await client.query(`drop schema if exists "${schema}" cascade`);
    }
    owned.clear();
  } finally {
    await client.end();
  }
}

// Registered once per test file when the module loads inside jest; tools run outside jest
// (the torture script) have no `afterAll` and clean up themselves.
const jestAfterAll = (globalThis as { afterAll?: (fn: () => Promise<void>) => void }).afterAll;
if (testBackend() === 'postgres' && typeof jestAfterAll === 'function') {
  jestAfterAll(dropOwnedSchemas);
}
