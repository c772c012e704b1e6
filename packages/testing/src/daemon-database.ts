import Database from 'better-sqlite3';
import pg from 'pg';
import { testBackend, testPostgresUrl, testSchemaFor } from './test-backend';

/** PostgreSQL's bigint (a `count(*)`) read as a number, as SQLite gives it. */
const INT8_OID = 20;

/** pg's type parsers, but a bigint comes back as a number. */
const countsAsNumbers = ((oid: number, format?: 'text' | 'binary'): unknown =>
  oid === INT8_OID
    ? (value: string): number => Number(value)
    : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser;

/**
 * One read of the database behind a daemon's SQLite `file` (the real one, never a mock): the
 * file itself, or on PostgreSQL runs the schema standing for it ({@link testSchemaFor}). The
 * SQL takes `?` placeholders on both back ends; counts come back as numbers on both.
 */
export function queryDaemonDatabase<T>(
  file: string,
  sqlText: string,
  ...params: unknown[]
): Promise<T[]> {
  return onDaemonDatabase<T>(file, sqlText, params, 'read');
}

/**
 * One write to the database behind a STOPPED daemon's `file` (same back ends and placeholders as
 * {@link queryDaemonDatabase}): how a test stands for downtime it cannot wait for, e.g. a job
 * row's instant moved ten minutes back. Returns how many rows changed.
 */
export async function changeDaemonDatabase(
  file: string,
  sqlText: string,
  ...params: unknown[]
): Promise<number> {
  const [result] = await onDaemonDatabase<{ changed: number }>(file, sqlText, params, 'write');
  return result?.changed ?? 0;
}

async function onDaemonDatabase<T>(
  file: string,
  sqlText: string,
  params: unknown[],
  mode: 'read' | 'write',
): Promise<T[]> {
  if (testBackend() === 'sqlite') {
    const db = new Database(file, { readonly: mode === 'read', fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const statement = db.prepare(sqlText);
      if (mode === 'write') {
        return [{ changed: statement.run(...params).changes } as T];
      }
      return statement.all(...params) as T[];
    } finally {
      db.close();
    }
  }
  let at = 0;
  const numbered = sqlText.replace(/\?/g, () => `$${++at}`);
  const client = new pg.Client({
    connectionString: testPostgresUrl(),
    options: `-c search_path=${testSchemaFor(file)}`,
    types: { getTypeParser: countsAsNumbers },
  });
  await client.connect();
  try {
    const result = await client.query(numbered, params);
    return mode === 'write' ? [{ changed: result.rowCount ?? 0 } as T] : (result.rows as T[]);
  } finally {
    await client.end();
  }
}
