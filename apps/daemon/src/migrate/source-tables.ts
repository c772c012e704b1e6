import type BetterSqlite3 from 'better-sqlite3';

/** One table of the source as the copy reads it. */
export interface SourceTable {
  readonly name: string;
  /** Every column, in the table's order. */
  readonly columns: readonly string[];
  /** The primary key's columns (the copy pages by them; every Tickler table has one). */
  readonly key: readonly string[];
}

/** Most rows the copy or the checksum reads from the source at once. */
export const READ_PAGE = 1000;

/** What one row looks like while copied: column → value as SQLite gives it. */
export type Row = Record<string, unknown>;

/**
 * How the source's claims end at the copy: a row a source process had claimed (a queue command
 * `running`, a channel send `sending`) arrives with no holder and no lease token, its lease moved
 * back to the instant the work was meant for, so the server's first claim takes it as expired,
 * in its old place in line: exactly what the daemon's claim recovery does for a dead process
 * (see `queue-claims.ts` and `channel-send-claims.ts`, whose columns these are).
 */
const CLAIMS: Readonly<Record<string, { status: string; lease: string; meantFor: string }>> = {
  shared_scheduled_commands: { status: 'running', lease: 'run_at', meantFor: 'scheduled_for' },
  notification_channel_sends: { status: 'sending', lease: 'due_at', meantFor: 'created_at' },
};

/** A source row as it is written to the target (claims ended, see {@link CLAIMS}). */
export function asCopied(table: string, row: Row): Row {
  const claim = CLAIMS[table];
  if (claim === undefined || row.status !== claim.status) {
    return row;
  }
  return { ...row, [claim.lease]: row[claim.meantFor], claimed_by: null, lease_token: null };
}

/** The tables holding data (not SQLite's own, not the migration ledgers), by name. */
export function sourceTables(
  db: BetterSqlite3.Database,
  ledgers: ReadonlySet<string>,
): SourceTable[] {
  const names = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
    )
    .pluck()
    .all() as string[];
  return names
    .filter((name) => !ledgers.has(name))
    .map((name) => {
      const info = db.prepare(`pragma table_info("${name.replace(/"/g, '""')}")`).all() as {
        name: string;
        pk: number;
      }[];
      const key = info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      return { name, columns: info.map((c) => c.name), key };
    });
}

const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/**
 * Every row of `table`, `READ_PAGE` at a time, in primary-key order (keyset paging: each page
 * starts after the last key of the one before, so a page costs the same wherever it is).
 */
export function* readPages(db: BetterSqlite3.Database, table: SourceTable): Generator<Row[]> {
  const columns = table.columns.map(quote).join(', ');
  const key = table.key.map(quote).join(', ');
  const first = db.prepare(
    `select ${columns} from ${quote(table.name)} order by ${key} limit ${READ_PAGE}`,
  );
  const next = db.prepare(
    `select ${columns} from ${quote(table.name)} where (${key}) > (${table.key.map(() => '?').join(', ')}) order by ${key} limit ${READ_PAGE}`,
  );
  let page = first.all() as Row[];
  while (page.length > 0) {
    yield page;
    if (page.length < READ_PAGE) {
      return;
    }
    const last = page[page.length - 1] as Row;
    page = next.all(...table.key.map((k) => last[k])) as Row[];
  }
}

/** The migrations applied to the source (every ledger of `ledgers`; none when it has none). */
export function sourceMigrations(
  db: BetterSqlite3.Database,
  ledgers: ReadonlySet<string>,
): Set<string> {
  const applied = new Set<string>();
  for (const ledger of ledgers) {
    const exists = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(ledger);
    if (exists !== undefined) {
      for (const name of db
        .prepare(`select name from ${quote(ledger)}`)
        .pluck()
        .all()) {
        applied.add(String(name));
      }
    }
  }
  return applied;
}
