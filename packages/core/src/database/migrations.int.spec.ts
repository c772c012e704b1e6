import { sql, type Kysely } from 'kysely';
import { Application } from '../context/application';
import { BoundedContext } from '../context/bounded-context';
import { createTempDirectory, type TempDirectory } from '../testing';
import { MigrationFailedError } from './migrations';
import { openSqliteDatabase } from './sqlite-database';

let dir: TempDirectory;

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(() => {
  dir.remove();
});

const good = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('shop_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute();
  },
};

describe('per-context migrations at start-up', () => {
  it('runs each context once, keeping a ledger per context', async () => {
    const shop = BoundedContext.create({
      name: 'shop',
      migrations: { '2026_11_30_0800_items': good },
    });
    for (let boot = 0; boot < 2; boot++) {
      const database = openSqliteDatabase({ file: dir.file('app.db') });
      const app = await Application.create({ database, contexts: [shop] });
      const { rows } = await sql<{ name: string }>`select name from shop_migrations`.execute(
        database.kysely,
      );
      expect(rows.map((r) => r.name)).toEqual(['2026_11_30_0800_items']);
      await app.stop();
    }
  });

  it('a failing migration makes start-up throw MigrationFailedError naming context and migration', async () => {
    const broken = BoundedContext.create({
      name: 'broken',
      migrations: {
        '2026_11_30_0800_ok': good,
        '2026_11_30_0900_bad': {
          async up(db: Kysely<unknown>): Promise<void> {
            await sql`create table nonsense (`.execute(db);
          },
        },
      },
    });
    const database = openSqliteDatabase({ file: dir.file('app.db') });
    const startUp = Application.create({ database, contexts: [broken] });
    await expect(startUp).rejects.toBeInstanceOf(MigrationFailedError);
    const error = (await startUp.catch((e: unknown) => e)) as MigrationFailedError;
    expect(error.context).toBe('broken');
    expect(error.migration).toBe('2026_11_30_0900_bad');
    expect(error.message).toContain('2026_11_30_0900_bad');
    expect(error.message).toContain('"broken"');
    expect(error.cause).toMatchObject({ code: 'SQLITE_ERROR' });
    // All pending migrations run in one transaction: the good one before the bad one is gone too.
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where name in ('shop_items', 'broken_migrations')`.execute(
      database.kysely,
    );
    expect(tables.rows).toEqual([]);
    await database.close();
  });

  it('refuses a database migrated by a newer build (a migration this build does not know)', async () => {
    const file = dir.file('app.db');
    const newer = BoundedContext.create({
      name: 'shop',
      migrations: {
        '2026_11_30_0800_items': good,
        '2027_01_01_0000_future': { up: () => Promise.resolve() },
      },
    });
    const first = await Application.create({
      database: openSqliteDatabase({ file }),
      contexts: [newer],
    });
    await first.stop();
    const older = BoundedContext.create({
      name: 'shop',
      migrations: { '2026_11_30_0800_items': good },
    });
    const database = openSqliteDatabase({ file });
    await expect(Application.create({ database, contexts: [older] })).rejects.toMatchObject({
      context: 'shop',
      cause: expect.objectContaining({
        message: expect.stringContaining('2027_01_01_0000_future') as unknown,
      }) as unknown,
    });
    await database.close();
  });
});
