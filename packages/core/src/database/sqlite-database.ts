import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { type InstanceLock } from '../instance/instance-lock';
import { ProcessInstanceLock } from '../instance/process-instance-lock';
import { SqliteInstanceLock } from '../instance/sqlite-instance-lock';
import { type Database } from './database';
import { preparePrivateFile } from './private-files';
import {
  type CheckpointResult,
  type CheckpointThreadEvent,
  type CheckpointWorkerModule,
  WalCheckpointer,
} from './wal-checkpointer';

/** Options for {@link openSqliteDatabase}. */
export interface SqliteOptions {
  /** Path of the database file (its folder is created 0700, the file 0600), or `:memory:`. */
  file: string;
  /** How long a writer waits for another process's lock before failing, in ms. Default 5000. */
  busyTimeoutMs?: number;
  /** Prepared statements kept per connection (kysely re-prepares every query otherwise). */
  statementCacheSize?: number;
  /**
   * Called with the text of every statement the driver executes (better-sqlite3's `verbose`
   * hook), including `begin`/`commit`. For measurements such as "what does an idle queue
   * cost"; leave unset in production.
   */
  onStatement?: (sqlText: string) => void;
  /**
   * Opens an in-memory copy of this image (what `serialize` of another in-memory database gave)
   * instead of `file`, which must then be `:memory:`. Tests start from a migrated template so.
   */
  image?: Buffer;
  /**
   * A file database checkpoints its WAL from a thread of its own ({@link WalCheckpointer}),
   * loading better-sqlite3 from here. Default: what {@link useCheckpointWorker} gave, else
   * where `require.resolve` finds it; when neither (a bundle that was given nothing), or
   * `false`, SQLite's own autocheckpoint on the application connection stays.
   */
  checkpointWorker?: CheckpointWorkerModule | false;
  /** Told of every checkpoint the WAL thread ran (tests and measurements). */
  onCheckpoint?: (result: CheckpointResult) => void;
  /** Frames in the WAL before the thread checkpoints (default 1,000, SQLite's own). */
  checkpointFrames?: number;
  /** Told once when the WAL thread is ready, and once if it fails (for the log). */
  onCheckpointThread?: (event: CheckpointThreadEvent) => void;
}

let processCheckpointWorker: (() => CheckpointWorkerModule) | undefined;

/**
 * For a process whose better-sqlite3 is not a file `require.resolve` finds — the packaged
 * sidecar, one bundle inside one executable: every SQLite file opened later starts its WAL
 * checkpoint thread from what `where` gives (read when the thread starts, at the first commit).
 */
export function useCheckpointWorker(where: () => CheckpointWorkerModule): void {
  processCheckpointWorker = where;
}

/** better-sqlite3 for the checkpoint thread, if this process can name it. */
function defaultCheckpointWorker(): (() => CheckpointWorkerModule) | undefined {
  if (processCheckpointWorker !== undefined) {
    return processCheckpointWorker;
  }
  try {
    const module = require.resolve('better-sqlite3');
    return () => ({ module });
  } catch {
    return undefined;
  }
}

/**
 * better-sqlite3 with a prepared-statement cache in front of `prepare`: kysely's SQLite driver
 * prepares each query afresh, and preparing costs more than running a small statement.
 */
function withStatementCache(db: BetterSqlite3.Database, size: number): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = db.prepare.bind(db);
  const cached = (source: string): BetterSqlite3.Statement => {
    let stmt = cache.get(source);
    if (stmt) {
      cache.delete(source);
    } else {
      stmt = prepare(source);
      if (cache.size >= size) {
        const oldest = cache.keys().next();
        if (!oldest.done) {
          cache.delete(oldest.value);
        }
      }
    }
    cache.set(source, stmt);
    return stmt;
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') {
        return cached;
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/**
 * Runs a start-up pragma, trying again on SQLITE_BUSY until `timeoutMs` has passed. Processes
 * opening a new file together can meet in the switch to WAL in a way SQLite answers with BUSY at
 * once (a deadlock it breaks) instead of calling the busy handler: seen as "database is locked"
 * from one of several migrating processes (`concurrent-migrations.int.spec.ts`, 2026-12-06).
 * Start-up is synchronous, so the pause between tries blocks (5 ms).
 */
function pragmaWhenFree(raw: BetterSqlite3.Database, text: string, timeoutMs: number): void {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      raw.pragma(text);
      return;
    } catch (error) {
      const busy =
        error instanceof BetterSqlite3.SqliteError && error.code.startsWith('SQLITE_BUSY');
      if (!busy || Date.now() >= end) {
        throw error;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}

/**
 * Opens (creating if needed) a SQLite database for the whole application: WAL so readers never
 * block the writer, `synchronous=NORMAL` (durable across process crashes; the last commits can
 * be lost only on power loss), a busy timeout for a second process on the same file, and
 * foreign keys enforced. The file and its `-wal`/`-shm` are private to the owner (0600).
 */
export function openSqliteDatabase(options: SqliteOptions): Database {
  if (options.file !== ':memory:') {
    preparePrivateFile(options.file);
  }
  const onStatement = options.onStatement;
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  // The busy timeout is set at open (better-sqlite3's `timeout`), before `journal_mode = WAL`:
  // switching a new file to WAL needs a brief exclusive lock, and sidecars started together
  // would otherwise fail that pragma with SQLITE_BUSY instead of waiting their turn.
  if (options.image !== undefined && options.file !== ':memory:') {
    throw new Error('an image opens in memory: file must be :memory:');
  }
  const raw = new BetterSqlite3(options.image ?? options.file, {
    timeout: busyTimeoutMs,
    ...(onStatement ? { verbose: (message: unknown) => onStatement(String(message)) } : {}),
  });
  raw.pragma(`busy_timeout = ${busyTimeoutMs}`);
  // Retention (issue 33) gives freed pages back with `pragma incremental_vacuum`: a new file is
  // made incremental before its first table (on a file with tables this is a no-op; one VACUUM
  // switches it, docs/operations.md "Retention").
  pragmaWhenFree(raw, 'auto_vacuum = INCREMENTAL', busyTimeoutMs);
  pragmaWhenFree(raw, 'journal_mode = WAL', busyTimeoutMs);
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  const kysely = new Kysely<unknown>({
    dialect: new SqliteDialect({
      database: withStatementCache(raw, options.statementCacheSize ?? 500),
    }),
  });
  const locks: InstanceLock[] = [];
  // On the raw handle (not the statement cache): a counter read, prepared once.
  const dataVersion = raw.prepare('pragma data_version').pluck();
  // A handful of fixed statements (the unit of work's), each prepared on first use.
  const controls = new Map<string, BetterSqlite3.Statement>();
  const given = options.checkpointWorker;
  const worker =
    options.file === ':memory:' || given === false
      ? undefined
      : given !== undefined
        ? () => given
        : defaultCheckpointWorker();
  const checkpointer =
    worker === undefined
      ? undefined
      : new WalCheckpointer({
          file: options.file,
          worker,
          setAutocheckpoint: (pages) => raw.pragma(`wal_autocheckpoint = ${pages}`),
          ...(options.onCheckpoint ? { onCheckpoint: options.onCheckpoint } : {}),
          ...(options.checkpointFrames !== undefined
            ? { minFrames: options.checkpointFrames }
            : {}),
          ...(options.onCheckpointThread ? { onThread: options.onCheckpointThread } : {}),
        });
  return {
    dialect: 'sqlite',
    kysely,
    dataVersion: () => dataVersion.get() as number,
    runControl: (sqlText) => {
      let stmt = controls.get(sqlText);
      if (stmt === undefined) {
        stmt = raw.prepare(sqlText);
        controls.set(sqlText, stmt);
      }
      stmt.run();
      // Every commit of the application goes through here (the unit of work's control).
      if (sqlText === 'commit') {
        checkpointer?.committed();
      }
    },
    // IMMEDIATE takes the write lock up front: a deferred transaction that reads and then
    // writes can fail with SQLITE_BUSY when a second process holds the lock, whatever the
    // busy timeout says.
    beginStatement: 'begin immediate',
    ...(options.file === ':memory:' ? { serialize: () => raw.serialize() } : {}),
    lockInstance: (id) => {
      const lock =
        options.file === ':memory:'
          ? new ProcessInstanceLock(id)
          : SqliteInstanceLock.acquire(options.file, id);
      locks.push(lock);
      return Promise.resolve(lock);
    },
    close: async () => {
      await Promise.all(locks.splice(0).map((lock) => lock.release()));
      // The thread's connection first: the application's, closed last, checkpoints the rest
      // and removes the WAL, as before.
      await checkpointer?.close();
      await kysely.destroy();
    },
  };
}
