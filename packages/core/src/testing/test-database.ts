import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database } from '../database/database';
import { openPostgresDatabase } from '../database/postgres-database';
import { openSqliteDatabase } from '../database/sqlite-database';

/** Which back end the integration tests run on: `TICKLER_TEST_DB=postgres`, default SQLite. */
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
const RUN_TAG = (process.env.TICKLER_TEST_RUN_TAG ??= randomBytes(4).toString('hex'));
const opened = new Set<Database>();
const schemas = new Set<string>();

/**
 * The schema standing for a SQLite `file` on PostgreSQL: the same file gives the same schema
 * within one test file, so "restart on the same file" and "two apps on one file" keep their
 * meaning; no file gives a fresh schema.
 */
export function testSchemaFor(file?: string): string {
  const suffix =
    file === undefined || file === ':memory:'
      ? randomBytes(6).toString('hex')
      : createHash('sha256').update(file).digest('hex').slice(0, 12);
  return `t_${RUN_TAG}_${suffix}`;
}

/**
 * Opens the database a test asked for on the chosen back end: SQLite `file` (default
 * `:memory:`), or on PostgreSQL a schema of the test server standing for it. Every schema
 * made here is dropped after the test file (and every database still open is closed first).
 */
export async function openTestDatabase(
  options: { file?: string; busyTimeoutMs?: number } = {},
): Promise<Database> {
  if (testBackend() === 'sqlite') {
    return openSqliteDatabase({
      file: options.file ?? ':memory:',
      ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
    });
  }
  const schema = testSchemaFor(options.file);
  schemas.add(schema);
  const database = await openPostgresDatabase({
    connectionString: testPostgresUrl(),
    schema,
    maxConnections: 10,
    // Idle connections must not keep jest (or a child process) alive after the last test.
    pool: { idleTimeoutMillis: 1_000, allowExitOnIdle: true },
  });
  opened.add(database);
  return database;
}

/** Closes what the test file left open and drops its schemas (PostgreSQL runs only). */
export async function dropTestSchemas(): Promise<void> {
  const open = [...opened];
  opened.clear();
  await Promise.all(open.map((database) => database.close().catch(() => undefined)));
  if (schemas.size === 0) {
    return;
  }
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    for (const schema of schemas) {
      await client.query(`drop schema if exists ${schema} cascade`);
    }
    schemas.clear();
  } finally {
    await client.end();
  }
}

// Registered once per test file when the module loads inside jest; child processes and tools
// that import the testing entry point have no `afterAll` and clean up themselves.
const jestAfterAll = (globalThis as { afterAll?: (fn: () => Promise<void>) => void }).afterAll;
if (testBackend() === 'postgres' && typeof jestAfterAll === 'function') {
  jestAfterAll(dropTestSchemas);
}
