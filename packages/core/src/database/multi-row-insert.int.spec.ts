import { sql } from 'kysely';
import { type Database } from './database';
import { MultiRowInsert } from './multi-row-insert';
import { openTestDatabase } from '../testing/test-database';

interface Item {
  id: string;
  label: string | null;
  n: number;
}

let database: Database;

beforeEach(async () => {
  database = await openTestDatabase();
  await sql`create table items (id text primary key, label text, n integer not null)`.execute(
    database.kysely,
  );
});

afterEach(async () => {
  await database.close();
});

async function items(): Promise<Item[]> {
  const { rows } = await sql<Item>`select id, label, n from items order by id`.execute(
    database.kysely,
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

const item = (i: number, label: string | null = `label ${i}`): Item => ({
  id: `id-${String(i).padStart(6, '0')}`,
  label,
  n: i,
});

describe('MultiRowInsert', () => {
  it('writes every row with its own values, undefined as NULL, and nothing for no rows', async () => {
    const insert = new MultiRowInsert<Item>({ table: 'items', columns: ['id', 'label', 'n'] });
    await insert.execute(database.kysely, []);
    await insert.execute(database.kysely, [
      item(1),
      { id: 'id-000002', label: undefined as unknown as null, n: 2 },
      item(3, null),
    ]);
    expect(await items()).toEqual([item(1), item(2, null), item(3, null)]);
  });

  it('splits rows beyond one statement’s parameter budget into further statements, in a transaction', async () => {
    const insert = new MultiRowInsert<Item, { id: string }>({
      table: 'items',
      columns: ['id', 'label', 'n'],
      suffix: 'returning "id"',
    });
    const rows = Array.from({ length: insert.rowsPerStatement + 7 }, (_, i) => item(i));
    const returned = await database.kysely
      .transaction()
      .execute((trx) => insert.execute(trx, rows));
    expect(returned.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const stored = await items();
    expect(stored).toHaveLength(rows.length);
    expect(stored[rows.length - 1]).toEqual(rows[rows.length - 1]);
  });

  it('runs a conflict clause chosen for the dialect: RETURNING lists only the rows it inserted', async () => {
    const asked: string[] = [];
    const insert = new MultiRowInsert<Item, { id: string }>({
      table: 'items',
      columns: ['id', 'label', 'n'],
      suffix: (dialect) => {
        asked.push(dialect);
        return 'on conflict ("id") do nothing returning "id"';
      },
    });
    await insert.execute(database.kysely, [item(1), item(2)]);
    const returned = await insert.execute(database.kysely, [
      item(2, 'changed'),
      item(3),
      item(3, 'again'),
      item(1, 'changed'),
    ]);
    expect(returned).toEqual([{ id: 'id-000003' }]);
    expect(await items()).toEqual([item(1), item(2), item(3)]);
    // Built once per row count on this database's dialect (2 rows, then 4), not on every call.
    expect(asked).toEqual([database.dialect, database.dialect]);
  });
});
