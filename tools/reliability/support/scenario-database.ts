import { type Database, openPostgresDatabase, openSqliteDatabase } from '@tickler/core';
import { dropAfterFile, testBackend, testPostgresUrl, testSchemaFor } from '@tickler/testing';

/**
 * The database of an in-process scenario: the SQLite `file` (or `:memory:`), or on PostgreSQL
 * runs (`TICKLER_TEST_DB=postgres`) the schema standing for that file — the one a daemon given
 * the same file uses (`DaemonProcess`), so a seeded file and its daemon meet. Under jest the
 * schema is dropped after the test file. Built code (`npm run torture`) runs on SQLite.
 */
export async function openScenarioDatabase(file: string): Promise<Database> {
  if (testBackend() === 'sqlite') {
    return openSqliteDatabase({ file });
  }
  const schema = testSchemaFor(file);
  dropAfterFile(schema);
  return openPostgresDatabase({
    connectionString: testPostgresUrl(),
    schema,
    maxConnections: 10,
    // Idle connections must not keep jest alive after the last test.
    pool: { idleTimeoutMillis: 1_000, allowExitOnIdle: true },
  });
}
