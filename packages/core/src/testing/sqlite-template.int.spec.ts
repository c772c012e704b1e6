import { sql } from 'kysely';
import { shop } from '../../test/fixtures/shop-context';
import { type Application } from '../context/application';
import { createTestApplication } from './test-app';

// SQLite only (jest.postgres.config.js leaves it out): a test app's in-memory database copied
// from the run's template (sqlite-template.ts) holds what migrating makes — tables, indexes,
// ledgers, the rows a migration writes and the incremental auto-vacuum retention relies on —
// and every app still has a database of its own.

/** What a database holds: its schema objects, ledgers, the items' rows and auto_vacuum. */
async function describeDatabase(app: Application): Promise<unknown> {
  const db = app.database.kysely;
  const objects = await sql`select type, name, tbl_name, sql from sqlite_master
    order by type, name`.execute(db);
  const ledgers = await sql`select 'shared' as ledger, name from shared_migrations
    union all select 'shop', name from shop_migrations order by 1, 2`.execute(db);
  const items = await sql`select id, price from shop_items order by id`.execute(db);
  const vacuum = await sql`pragma auto_vacuum`.execute(db);
  return { objects: objects.rows, ledgers: ledgers.rows, items: items.rows, vacuum: vacuum.rows };
}

const withTemplate = async (mode: 'on' | 'off') => {
  const before = process.env.TICKLER_TEST_SQLITE_TEMPLATE;
  process.env.TICKLER_TEST_SQLITE_TEMPLATE = mode;
  try {
    return await createTestApplication([shop]);
  } finally {
    process.env.TICKLER_TEST_SQLITE_TEMPLATE = before;
  }
};

describe('test apps from the migrated SQLite template', () => {
  it('hold what migrating holds: schema, ledgers, the rows a migration wrote, auto_vacuum', async () => {
    const migrated = await withTemplate('off');
    const first = await withTemplate('on');
    const copied = await withTemplate('on');
    try {
      const expected = await describeDatabase(migrated.app);
      expect(expected).toMatchObject({
        items: [{ id: 'house-blend', price: 7 }],
        vacuum: [{ auto_vacuum: 2 }], // incremental
      });
      expect(await describeDatabase(first.app)).toEqual(expected);
      expect(await describeDatabase(copied.app)).toEqual(expected);
    } finally {
      await Promise.all([migrated.app.stop(), first.app.stop(), copied.app.stop()]);
    }
  });

  it('give every app a database of its own: a row written in one is not in the other', async () => {
    const a = await withTemplate('on');
    const b = await withTemplate('on');
    try {
      await sql`insert into shop_items (id, price) values ('only-in-a', 3)`.execute(
        a.app.database.kysely,
      );
      const inB = await sql<{ id: string }>`select id from shop_items order by id`.execute(
        b.app.database.kysely,
      );
      expect(inB.rows.map((r) => r.id)).toEqual(['house-blend']);
      const inA = await sql<{ id: string }>`select id from shop_items order by id`.execute(
        a.app.database.kysely,
      );
      expect(inA.rows.map((r) => r.id)).toEqual(['house-blend', 'only-in-a']);
    } finally {
      await Promise.all([a.app.stop(), b.app.stop()]);
    }
  });
});
