import pg from 'pg';
import { testBackend, testPostgresUrl, testSchemaFor } from '@tickler/testing';
import { type BoundedContext } from '../context/bounded-context';
import { type Database } from '../database/database';
import { openPostgresDatabase } from '../database/postgres-database';
import { openSqliteDatabase } from '../database/sqlite-database';
import { createSchemaFromTemplate, schemaTemplatesEnabled } from './schema-template';
import { openSqliteFromTemplate, sqliteTemplatesEnabled } from './sqlite-template';

// The back-end rules (TICKLER_TEST_DB, the server, the schema standing for a file) are
// @tickler/testing's, shared with the daemon processes tests spawn; re-exported for the
// kernel's and the contexts' tests.
export {
  DEFAULT_TEST_PG_URL,
  type TestBackend,
  testBackend,
  testPostgresUrl,
  testSchemaFor,
} from '@tickler/testing';

const opened = new Set<Database>();
const schemas = new Set<string>();

/**
 * Opens the database a test asked for on the chosen back end: SQLite `file` (default
 * `:memory:`), or on PostgreSQL a schema of the test server standing for it. Every schema
 * made here is dropped after the test file (and every database still open is closed first).
 * Given the `contexts` the app will run, a new PostgreSQL schema is made as a copy of the run's
 * migrated template for them (schema-template.ts) instead of migrating statement by statement,
 * and a new in-memory SQLite database is a copy of one (sqlite-template.ts).
 */
export async function openTestDatabase(
  options: {
    file?: string;
    busyTimeoutMs?: number;
    contexts?: readonly BoundedContext[];
    /** Every statement's text, on either back end (see the two databases' `onStatement`). */
    onStatement?: (sqlText: string) => void;
  } = {},
): Promise<Database> {
  const onStatement = options.onStatement;
  if (testBackend() === 'sqlite') {
    if (
      options.file === undefined &&
      options.contexts !== undefined &&
      onStatement === undefined &&
      sqliteTemplatesEnabled()
    ) {
      return openSqliteFromTemplate(options.contexts, options.busyTimeoutMs);
    }
    return openSqliteDatabase({
      file: options.file ?? ':memory:',
      ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
      ...(onStatement ? { onStatement } : {}),
    });
  }
  const schema = testSchemaFor(options.file);
  schemas.add(schema);
  if (options.contexts !== undefined && schemaTemplatesEnabled()) {
    await createSchemaFromTemplate(schema, options.contexts);
  }
  const database = await openPostgresDatabase({
    connectionString: testPostgresUrl(),
    schema,
    maxConnections: 10,
    // Idle connections must not keep jest (or a child process) alive after the last test.
    pool: { idleTimeoutMillis: 1_000, allowExitOnIdle: true },
    ...(onStatement ? { onStatement } : {}),
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
