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
export async function queryDaemonDatabase<T>(
  file: string,
  sqlText: string,
  ...params: unknown[]
): Promise<T[]> {
  if (testBackend() === 'sqlite') {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      return db.prepare(sqlText).all(...params) as T[];
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
    return (await client.query(numbered, params)).rows as T[];
  } finally {
    await client.end();
  }
}
