import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { spawnFixture } from '@tickler/testing';
import { sql } from 'kysely';
import { type Database } from './database';
import { openSqliteDatabase } from './sqlite-database';
import { type CheckpointResult, WalCheckpointer } from './wal-checkpointer';
import { createTempDirectory, type TempDirectory } from '../testing';
import { UnitOfWork } from './unit-of-work';

let dir: TempDirectory;
let db: Database | undefined;
let raw: BetterSqlite3.Database | undefined;
let checkpointer: WalCheckpointer | undefined;

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(async () => {
  await checkpointer?.close();
  raw?.close();
  await db?.close();
  checkpointer = undefined;
  raw = undefined;
  db = undefined;
  dir.remove();
});

/** Resolves with the first checkpoint that `seen` receives. */
function nextCheckpoint(): {
  seen: (r: CheckpointResult) => void;
  first: Promise<CheckpointResult>;
} {
  let seen: (r: CheckpointResult) => void = () => undefined;
  const first = new Promise<CheckpointResult>((resolve) => (seen = resolve));
  return { seen, first };
}

/** A raw WAL connection with one table, as openSqliteDatabase leaves a file. */
function walFile(): BetterSqlite3.Database {
  const connection = new BetterSqlite3(dir.file('raw.db'));
  connection.pragma('journal_mode = WAL');
  connection.exec('create table t (n integer)');
  return connection;
}

describe('openSqliteDatabase: the WAL is checkpointed by a thread of its own', () => {
  it('after commits, the thread copies every frame into the file and the connection only keeps a fallback bound', async () => {
    const { seen, first } = nextCheckpoint();
    db = openSqliteDatabase({ file: dir.file('app.db'), onCheckpoint: seen, checkpointFrames: 1 });
    await sql`create table t (n integer)`.execute(db.kysely);
    const work = new UnitOfWork(db);
    await work.run(async (tx) => {
      await sql`insert into t (n) values (1), (2), (3)`.execute(tx.db);
    });
    const result = await first;
    expect(result.log).toBeGreaterThan(0);
    expect(result.checkpointed).toBe(result.log);
    expect(result.busy).toBe(0);
    // Set at open, kept while the thread runs.
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      db.kysely,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(10_000);
  });

  it('checkpointWorker: false leaves SQLite its own autocheckpoint on the connection', async () => {
    db = openSqliteDatabase({ file: dir.file('app.db'), checkpointWorker: false });
    await sql`create table t (n integer)`.execute(db.kysely);
    await new UnitOfWork(db).run(async (tx) => {
      await sql`insert into t (n) values (1)`.execute(tx.db);
    });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      db.kysely,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(1000);
  });

  it('close holds the process until the thread has ended, when nothing else would', async () => {
    const child = spawnFixture(path.join(__dirname, '../../test/fixtures/close-after-commit.ts'), [
      dir.file('app.db'),
    ]);
    await expect(child.line((line) => line === 'closed')).resolves.toBe('closed');
    expect(await child.exited).toEqual({ code: 0, signal: null });
  });

  it('what was committed is in the file after close, with the WAL gone', async () => {
    db = openSqliteDatabase({ file: dir.file('app.db') });
    await sql`create table t (n integer)`.execute(db.kysely);
    const work = new UnitOfWork(db);
    for (let i = 0; i < 20; i++) {
      await work.run(async (tx) => {
        await sql`insert into t (n) values (${i})`.execute(tx.db);
      });
    }
    await db.close();
    db = undefined;
    expect(fs.existsSync(`${dir.file('app.db')}-wal`)).toBe(false);
    const reader = new BetterSqlite3(dir.file('app.db'), { readonly: true });
    expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 20 });
    reader.close();
  });
});

describe('WalCheckpointer', () => {
  it('starts no thread before the first commit', () => {
    raw = walFile();
    checkpointer = new WalCheckpointer({
      file: dir.file('raw.db'),
      worker: () => ({ module: require.resolve('better-sqlite3') }),
      setAutocheckpoint: (pages) => raw?.pragma(`wal_autocheckpoint = ${pages}`),
    });
    expect(checkpointer.running).toBe(false);
  });

  it('asks at most once per interval, and close ends the thread after the asks it holds', async () => {
    raw = walFile();
    const results: CheckpointResult[] = [];
    const connection = raw;
    checkpointer = new WalCheckpointer({
      file: dir.file('raw.db'),
      worker: () => ({ module: require.resolve('better-sqlite3') }),
      setAutocheckpoint: (pages) => connection.pragma(`wal_autocheckpoint = ${pages}`),
      // One ask for the whole test: later commits fall inside the interval.
      minIntervalMs: 3_600_000,
      minFrames: 1,
      onCheckpoint: (result) => results.push(result),
    });
    for (let i = 0; i < 5; i++) {
      connection.prepare('insert into t (n) values (?)').run(i);
      checkpointer.committed();
    }
    expect(checkpointer.running).toBe(true);
    await checkpointer.close();
    expect(checkpointer.running).toBe(false);
    expect(results).toHaveLength(1);
  });

  it('waits for 1,000 frames by default, as SQLite does: fewer are left to later commits', async () => {
    raw = walFile();
    const connection = raw;
    // Far more than the WAL ever holds here: every frame stays in it (a closing reader would
    // otherwise checkpoint them).
    connection.pragma('wal_autocheckpoint = 100000');
    const results: CheckpointResult[] = [];
    const make = () =>
      new WalCheckpointer({
        file: dir.file('raw.db'),
        worker: () => ({ module: require.resolve('better-sqlite3') }),
        setAutocheckpoint: (pages) => connection.pragma(`wal_autocheckpoint = ${pages}`),
        minIntervalMs: 0,
        onCheckpoint: (result) => results.push(result),
      });
    const insert = connection.prepare('insert into t (n) values (?)');
    checkpointer = make();
    for (let i = 0; i < 50; i++) {
      insert.run(i);
      checkpointer.committed();
    }
    // Each ask is looked at before the thread's close, in order.
    await checkpointer.close();
    expect(results).toEqual([]);
    // One transaction of ~1,200 pages (4 KiB each).
    connection.transaction(() => {
      for (let i = 0; i < 1_200; i++) {
        connection.prepare('insert into t (n) values (randomblob(4000))').run();
      }
    })();
    checkpointer = make();
    checkpointer.committed();
    await checkpointer.close();
    expect(results).toHaveLength(1);
    expect(results[0]?.log).toBeGreaterThanOrEqual(1_000);
    expect(results[0]?.checkpointed).toBe(results[0]?.log);
  });

  it('runs better-sqlite3 from a bundle given as code, with its addon named by path (the packaged sidecar)', async () => {
    raw = walFile();
    const connection = raw;
    const events: unknown[] = [];
    const { seen, first } = nextCheckpoint();
    const addon = path.join(
      path.dirname(require.resolve('better-sqlite3/package.json')),
      'build/Release/better_sqlite3.node',
    );
    checkpointer = new WalCheckpointer({
      file: dir.file('raw.db'),
      // A stand-in bundle: it has no file name of its own, so it must be told the addon's.
      worker: () => ({
        bundle: () =>
          `module.exports = require(${JSON.stringify(require.resolve('better-sqlite3'))});`,
        nativeBinding: addon,
      }),
      setAutocheckpoint: (pages) => connection.pragma(`wal_autocheckpoint = ${pages}`),
      onCheckpoint: seen,
      onThread: (event) => events.push(event),
      minFrames: 1,
    });
    connection.prepare('insert into t (n) values (1)').run();
    checkpointer.committed();
    const result = await first;
    expect(result.checkpointed).toBe(result.log);
    expect(events).toEqual([{ started: true }]);
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
  });

  it('the bundle loads the addon named, not one it finds itself', async () => {
    raw = walFile();
    const connection = raw;
    const c = new WalCheckpointer({
      file: dir.file('raw.db'),
      worker: () => ({
        bundle: () =>
          `module.exports = require(${JSON.stringify(require.resolve('better-sqlite3'))});`,
        nativeBinding: dir.file('missing/better_sqlite3.node'),
      }),
      setAutocheckpoint: (pages) => connection.pragma(`wal_autocheckpoint = ${pages}`),
    });
    checkpointer = c;
    const failed = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (c.failed !== undefined) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    c.committed();
    await failed;
    expect(c.failed).toMatch(/missing/);
  });

  it('a thread that cannot even be started fails without throwing into the commit that asked', () => {
    raw = walFile();
    const connection = raw;
    const pages: number[] = [];
    const c = new WalCheckpointer({
      file: dir.file('raw.db'),
      // As the packaged sidecar's addon cache can (a folder others may write to, say).
      worker: () => {
        throw new Error('no addon here');
      },
      setAutocheckpoint: (n) => {
        pages.push(n);
        connection.pragma(`wal_autocheckpoint = ${n}`);
      },
    });
    checkpointer = c;
    expect(() => c.committed()).not.toThrow();
    expect(c.failed).toBe('no addon here');
    expect(pages).toEqual([10_000, 1000]);
    expect(c.running).toBe(false);
  });

  it('a thread that cannot load better-sqlite3 gives SQLite its autocheckpoint back and is not restarted', async () => {
    raw = walFile();
    const pages: number[] = [];
    const events: unknown[] = [];
    const failed = new Promise<void>((resolve) => {
      checkpointer = new WalCheckpointer({
        file: dir.file('raw.db'),
        worker: () => ({ module: dir.file('no-such-module.js') }),
        onThread: (event) => events.push(event),
        setAutocheckpoint: (n) => {
          pages.push(n);
          if (n === 1000) {
            resolve();
          }
        },
      });
    });
    const c = checkpointer as unknown as WalCheckpointer;
    c.committed();
    await failed;
    expect(pages).toEqual([10_000, 1000]);
    expect(c.failed).toMatch(/no-such-module/);
    expect(events).toEqual([{ failed: c.failed }]);
    expect(c.running).toBe(false);
    c.committed();
    expect(c.running).toBe(false);
  });
});
