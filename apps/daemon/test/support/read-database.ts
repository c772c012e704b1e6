import Database from 'better-sqlite3';

/** Runs a read-only query on the daemon's database file (the real one, never a mock). */
export function queryDatabase<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
