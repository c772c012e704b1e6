import Database from 'better-sqlite3';

/**
 * Opens the daemon's real database file read-only for one look (WAL lets it read while the
 * daemon writes). Never a mock: invariants are checked on the stored rows.
 */
export function readDatabase<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return read(db);
  } finally {
    db.close();
  }
}

/** Runs one query on the file. */
export function queryFile<T>(file: string, sqlText: string, ...params: unknown[]): T[] {
  return readDatabase(file, (db) => db.prepare(sqlText).all(...params) as T[]);
}

/** Row count of every table in the file (SQLite's own tables excluded). */
export function tableCounts(file: string): Record<string, number> {
  return readDatabase(file, (db) => {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .all() as { name: string }[];
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const row = db.prepare(`select count(*) as n from "${name.replace(/"/g, '""')}"`).get() as {
        n: number;
      };
      counts[name] = row.n;
    }
    return counts;
  });
}

/** `PRAGMA integrity_check` of the file: `['ok']` when sound. */
export function integrityCheck(file: string): string[] {
  return readDatabase(file, (db) =>
    (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check),
  );
}
