import { type Kysely, sql } from 'kysely';
import { READ_PAGE, type Row, type SourceTable } from './source-tables';

/** PostgreSQL's limit on one statement's parameters (the copy stays well below it). */
const MAX_PARAMETERS = 60_000;

/** The migrations applied to the target schema (its `ledgers`; none when it is empty). */
export async function targetMigrations(
  db: Kysely<unknown>,
  ledgers: ReadonlySet<string>,
): Promise<Set<string>> {
  const applied = new Set<string>();
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema()`.execute(db);
  for (const { table_name: ledger } of rows) {
    if (ledgers.has(ledger)) {
      const names = await sql<{ name: string }>`select name from ${sql.table(ledger)}`.execute(db);
      names.rows.forEach((r) => applied.add(r.name));
    }
  }
  return applied;
}

/** The target's columns by table (after its migrations ran). */
export async function targetColumns(db: Kysely<unknown>): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const byTable = new Map<string, Set<string>>();
  for (const row of rows) {
    const columns = byTable.get(row.table_name) ?? new Set<string>();
    columns.add(row.column_name);
    byTable.set(row.table_name, columns);
  }
  return byTable;
}

/**
 * `tables` ordered so a table comes after the tables its foreign keys point at (a series
 * before its occurrences), by the target's constraints; otherwise by name.
 */
export async function inForeignKeyOrder(
  db: Kysely<unknown>,
  tables: readonly SourceTable[],
): Promise<SourceTable[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`.execute(db);
  const ordered: SourceTable[] = [];
  const left = [...tables];
  while (left.length > 0) {
    const ready = left.findIndex((t) =>
      rows.every((fk) => fk.child !== t.name || fk.parent === t.name || isPlaced(fk.parent)),
    );
    // A cycle cannot be ordered: take the next one as it is (the insert then names the key).
    const [next] = left.splice(ready === -1 ? 0 : ready, 1);
    ordered.push(next as SourceTable);
  }
  return ordered;

  function isPlaced(table: string): boolean {
    return ordered.some((t) => t.name === table) || !tables.some((t) => t.name === table);
  }
}

/**
 * Inserts `rows` into `table` in ONE transaction, skipping every row whose key (or another
 * unique value) is already there: a re-run or a resumed run inserts only what is missing.
 * Returns how many rows were new.
 */
export async function insertBatch(
  db: Kysely<unknown>,
  table: SourceTable,
  rows: readonly Row[],
): Promise<number> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length));
  return db.transaction().execute(async (tx) => {
    let inserted = 0;
    for (let at = 0; at < rows.length; at += perStatement) {
      const values = rows
        .slice(at, at + perStatement)
        .map((row) => sql`(${sql.join(table.columns.map((c) => row[c] ?? null))})`);
      const result = await sql`
        insert into ${sql.table(table.name)} (${sql.join(table.columns.map((c) => sql.ref(c)))})
        values ${sql.join(values)}
        on conflict do nothing`.execute(tx);
      inserted += Number(result.numAffectedRows ?? 0);
    }
    return inserted;
  });
}

/**
 * Moves each serial column's sequence past the copied values (the delivery log's `seq`):
 * rows copied with their own numbers leave the sequence where it was, and the server's next
 * insert would collide.
 */
export async function advanceSequences(db: Kysely<unknown>, tables: ReadonlySet<string>) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    if (tables.has(table)) {
      await sql`
        select setval(pg_get_serial_sequence(${table}, ${column}),
                      greatest(max(${sql.ref(column)}), 1), max(${sql.ref(column)}) is not null)
        from ${sql.table(table)}`.execute(db);
    }
  }
}

/** Every row of `table` in the target, `READ_PAGE` at a time (keyset paging on its key). */
export async function* targetPages(db: Kysely<unknown>, table: SourceTable): AsyncGenerator<Row[]> {
  const columns = sql.join(table.columns.map((c) => sql.ref(c)));
  const key = sql.join(table.key.map((c) => sql.ref(c)));
  let after: readonly unknown[] | undefined;
  for (;;) {
    const where = after === undefined ? sql`` : sql`where (${key}) > (${sql.join(after)})`;
    const { rows } = await sql<Row>`
      select ${columns} from ${sql.table(table.name)} ${where}
      order by ${key} limit ${sql.lit(READ_PAGE)}`.execute(db);
    if (rows.length === 0) {
      return;
    }
    yield rows;
    if (rows.length < READ_PAGE) {
      return;
    }
    const last = rows[rows.length - 1] as Row;
    after = table.key.map((k) => last[k]);
  }
}
