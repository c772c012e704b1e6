import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { createTempDirectory, type TempDirectory } from '../testing';
import { type Database } from './database';
import { openSqliteDatabase } from './sqlite-database';

let dir: TempDirectory;
let db: Database | undefined;

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(async () => {
  await db?.close();
  db = undefined;
  dir.remove();
});

async function pragma(name: string): Promise<unknown> {
  const { rows } = await sql
    .raw<Record<string, unknown>>(`pragma ${name}`)
    .execute((db as Database).kysely);
  return Object.values(rows[0] ?? {})[0];
}

describe('openSqliteDatabase on a file', () => {
  it('sets WAL, synchronous=NORMAL, the busy timeout and foreign keys', async () => {
    db = openSqliteDatabase({ file: dir.file('nested/folder/app.db'), busyTimeoutMs: 1234 });
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(1234);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('defaults the busy timeout to 5 s', async () => {
    db = openSqliteDatabase({ file: dir.file('app.db') });
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('enforces foreign keys', async () => {
    db = openSqliteDatabase({ file: dir.file('app.db') });
    await sql`create table parent (id integer primary key)`.execute(db.kysely);
    await sql`create table child (id integer primary key, parent_id integer not null references parent(id))`.execute(
      db.kysely,
    );
    await expect(
      sql`insert into child (id, parent_id) values (1, 42)`.execute(db.kysely),
    ).rejects.toMatchObject({
      // better-sqlite3's errors come from another realm, so match on the stable code.
      code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    });
  });

  it('reports every statement it runs to onStatement', async () => {
    const seen: string[] = [];
    db = openSqliteDatabase({ file: dir.file('app.db'), onStatement: (text) => seen.push(text) });
    seen.length = 0;
    await sql`select 1 as one`.execute(db.kysely);
    await sql`select 2 as two`.execute(db.kysely);
    expect(seen).toEqual(['select 1 as one', 'select 2 as two']);
  });

  it('reads data_version without waiting: unchanged by its own commits, moved by another connection', async () => {
    const file = dir.file('app.db');
    const opened = openSqliteDatabase({ file });
    db = opened;
    const read = opened.dataVersion!;
    await sql`create table t (id integer primary key)`.execute(opened.kysely);
    const start = read();
    await sql`insert into t (id) values (1)`.execute(opened.kysely);
    expect(read()).toBe(start);
    // Read while a transaction holds kysely's one connection: no lock to wait for.
    await opened.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (id) values (2)`.execute(trx);
      expect(read()).toBe(start);
    });
    const other = new BetterSqlite3(file);
    try {
      other.prepare('insert into t (id) values (3)').run();
    } finally {
      other.close();
    }
    expect(read()).not.toBe(start);
  });

  it('runs transaction control on the connection kysely uses, reported to onStatement', async () => {
    const seen: string[] = [];
    const opened = openSqliteDatabase({
      file: dir.file('app.db'),
      onStatement: (text) => seen.push(text),
    });
    db = opened;
    const control = opened.runControl!;
    await sql`create table t (id integer primary key)`.execute(opened.kysely);
    const ids = async () =>
      (await sql<{ id: number }>`select id from t order by id`.execute(opened.kysely)).rows.map(
        (r) => r.id,
      );
    seen.length = 0;
    await opened.kysely.connection().execute(async (connection) => {
      control('begin immediate');
      await sql`insert into t (id) values (1)`.execute(connection);
      control('savepoint s');
      await sql`insert into t (id) values (2)`.execute(connection);
      control('rollback to s');
      control('release s');
      control('commit');
    });
    // The savepoint undid the second insert on the same connection; the commit kept the first.
    expect(await ids()).toEqual([1]);
    expect(seen).toEqual([
      'begin immediate',
      'insert into t (id) values (1)',
      'savepoint s',
      'insert into t (id) values (2)',
      'rollback to s',
      'release s',
      'commit',
      'select id from t order by id',
    ]);
    // A statement SQLite refuses throws at once (the unit of work rolls back on it).
    expect(() => control('commit')).toThrow(/no transaction is active/);
  });
});
