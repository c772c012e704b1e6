import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { shop } from '../../test/fixtures/shop-context';
import { createTestApplication } from './test-app';
import { testPostgresUrl } from './test-database';

// PostgreSQL only (jest.postgres.config.js): a test app's schema made from the run's template
// (schema-template.ts) is the schema migrating it makes — tables, columns, indexes, ledgers and
// the rows a migration writes — and every app still has a schema of its own.

/** What a schema holds, by catalog: columns, indexes, ledger names and the items' rows. */
async function describeSchema(schema: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    const columns = await client.query(
      `select table_name, column_name, data_type, is_nullable,
              replace(column_default, $1, 'S') as column_default
         from information_schema.columns where table_schema = $1 order by 1, 2`,
      [schema],
    );
    const indexes = await client.query(
      `select tablename, indexname, replace(indexdef, $1, 'S') as def
         from pg_indexes where schemaname = $1 order by 1, 2`,
      [schema],
    );
    const ledgers = await client.query(
      `select 'shared' as ledger, name from ${schema}.shared_migrations
       union all select 'shop', name from ${schema}.shop_migrations order by 1, 2`,
    );
    const items = await client.query(`select id, price from ${schema}.shop_items order by id`);
    return {
      columns: columns.rows,
      indexes: indexes.rows,
      ledgers: ledgers.rows,
      items: items.rows,
    };
  } finally {
    await client.end();
  }
}

async function schemaOf(app: { database: { kysely: Kysely<unknown> } }): Promise<string> {
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(
    app.database.kysely,
  );
  return (rows[0] as { s: string }).s;
}

const withTemplate = async (mode: 'on' | 'off') => {
  const before = process.env.TICKLER_TEST_PG_TEMPLATE;
  process.env.TICKLER_TEST_PG_TEMPLATE = mode;
  try {
    return await createTestApplication([shop]);
  } finally {
    process.env.TICKLER_TEST_PG_TEMPLATE = before;
  }
};

describe('test apps from the migrated template (PostgreSQL)', () => {
  it('hold what migrating holds: columns, indexes, ledgers and the rows a migration wrote', async () => {
    const migrated = await withTemplate('off');
    const first = await withTemplate('on');
    const copied = await withTemplate('on');
    try {
      const expected = await describeSchema(await schemaOf(migrated.app));
      expect(expected).toMatchObject({ items: [{ id: 'house-blend', price: 7 }] });
      expect(await describeSchema(await schemaOf(first.app))).toEqual(expected);
      expect(await describeSchema(await schemaOf(copied.app))).toEqual(expected);
    } finally {
      await Promise.all([migrated.app.stop(), first.app.stop(), copied.app.stop()]);
    }
  });

  it('give every app a schema of its own: a row written in one is not in the other', async () => {
    const a = await withTemplate('on');
    const b = await withTemplate('on');
    try {
      const [schemaA, schemaB] = [await schemaOf(a.app), await schemaOf(b.app)];
      expect(schemaA).not.toBe(schemaB);
      await sql`insert into shop_items (id, price) values ('only-in-a', 3)`.execute(
        a.app.database.kysely,
      );
      const inB = await sql<{ id: string }>`select id from shop_items order by id`.execute(
        b.app.database.kysely,
      );
      expect(inB.rows.map((r) => r.id)).toEqual(['house-blend']);
    } finally {
      await Promise.all([a.app.stop(), b.app.stop()]);
    }
  });
});
