import { type Kysely, sql } from 'kysely';
import { type Database, tablesOf } from './database';
import { ReusableQuery } from './reusable-query';
import { openTestDatabase } from '../testing/test-database';

interface Tables {
  items: { id: string; label: string | null; n: number };
}
type Item = Tables['items'];

let database: Database;
const view = (db: Kysely<unknown>): Kysely<Tables> => tablesOf<Tables>(db);

beforeEach(async () => {
  database = await openTestDatabase();
  await sql`create table items (id text primary key, label text, n integer not null)`.execute(
    database.kysely,
  );
});

afterEach(async () => {
  await database.close();
});

describe('ReusableQuery', () => {
  it('runs one compiled statement with new values each time, keeping literal parameters', async () => {
    const bump = new ReusableQuery<{ id: string }>(['id'], (db, v) =>
      view(db).updateTable('items').set({ n: 7 }).where('id', '=', v.id),
    );
    const insert = new ReusableQuery<Item>(['id', 'label', 'n'], (db, v) =>
      view(db).insertInto('items').values(v),
    );
    await insert.execute(database.kysely, { id: 'a', label: 'first', n: 1 });
    await insert.execute(database.kysely, { id: 'b', label: null, n: 2 });
    const updated = await bump.execute(database.kysely, { id: 'b' });
    expect(updated.numAffectedRows).toBe(1n);
    const rows = await view(database.kysely)
      .selectFrom('items')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'a', label: 'first', n: 1 },
      { id: 'b', label: null, n: 7 },
    ]);
  });

  it('runs inside a transaction handle and returns rows of a RETURNING statement', async () => {
    const insert = new ReusableQuery<Item, { id: string }>(['id', 'label', 'n'], (db, v) =>
      view(db).insertInto('items').values(v).returning('id'),
    );
    const result = await database.kysely
      .transaction()
      .execute((trx) => insert.execute(trx, { id: 'x', label: 'y', n: 3 }));
    expect(result.rows).toEqual([{ id: 'x' }]);
  });

  it('refuses, on first use, a value that is not a whole bound parameter', async () => {
    const inList = new ReusableQuery<{ ids: string }>(['ids'], (db) =>
      view(db).selectFrom('items').selectAll().where('id', 'in', []),
    );
    await expect(inList.execute(database.kysely, { ids: 'a' })).rejects.toThrow(
      'values ids are not bound parameters',
    );
    const inlined = new ReusableQuery<{ id: string }>(['id'], (db, v) =>
      view(db)
        .selectFrom('items')
        .selectAll()
        .where(sql<boolean>`id = ${sql.lit(v.id)}`),
    );
    await expect(inlined.execute(database.kysely, { id: 'a' })).rejects.toThrow('reusable query');
  });
});
