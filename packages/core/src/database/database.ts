import { type Kysely, PostgresAdapter } from 'kysely';
import { type InstanceLock } from '../instance/instance-lock';
import { type Logger } from '../logger';

/** Which SQL engine a {@link Database} talks to; the few dialect differences key off it. */
export type DialectName = 'sqlite' | 'postgres';

/**
 * An open database shared by every context of one application: the domain tables and the
 * queue table live in it together so one transaction can cover both.
 */
export interface Database {
  readonly dialect: DialectName;
  /** Untyped handle; contexts view it through their own table types with {@link tablesOf}. */
  readonly kysely: Kysely<unknown>;
  /** Statement used to open a write transaction (`BEGIN IMMEDIATE` on SQLite). */
  readonly beginStatement: string;
  /**
   * SQLite only: `pragma data_version` of the application's connection, read synchronously
   * (outside kysely's connection lock, so it never waits for an open transaction). It changes
   * whenever another connection or process commits to the file, never for this connection's own
   * commits: a cache of rows may trust what it read while the value stays the same, provided it
   * forgets on its own writes. Absent on PostgreSQL (no such counter).
   */
  readonly dataVersion?: () => number;
  /**
   * SQLite only: runs a statement that returns no rows (transaction control: `begin immediate`,
   * `savepoint`, `release`, `rollback`, `commit`) synchronously on the application's connection,
   * prepared once. It bypasses kysely's connection lock, so only a caller that holds the
   * connection (inside `kysely.connection().execute`) may use it. Kysely's executor costs a
   * chain of promises per statement, more than SQLite spends on a savepoint.
   */
  readonly runControl?: (sqlText: string) => void;
  /**
   * SQLite in memory only: the whole database as bytes, to open again as a copy (the `image`
   * option of openSqliteDatabase). Tests copy a migrated template this way.
   */
  readonly serialize?: () => Buffer;
  /**
   * Cross-process wake-ups (PostgreSQL LISTEN/NOTIFY). Absent on SQLite, where other writers
   * of the same file are found by the queue's safety sweep.
   */
  readonly wakeUps?: WakeUpChannel;
  /**
   * Takes the lock an instance holds for its whole life (ADR 0004): released by `release()`,
   * by `close()`, or by the OS / server when the process dies, however it dies. Its claims
   * carry `id`; a claim whose instance lost its lock is recoverable at once.
   */
  lockInstance(id: string, logger: Logger): Promise<InstanceLock>;
  /** Releases the instance locks taken through it, then closes every connection. */
  close(): Promise<void>;
}

/** A stopped listener; `close` ends its dedicated connection. */
export interface Listening {
  close(): Promise<void>;
}

/**
 * A notification channel between processes sharing one database. Writers notify inside their
 * transaction (`pg_notify(channel, payload)`), which the server delivers only on commit: the
 * row is durable before any listener hears of it (write first, arm second).
 */
export interface WakeUpChannel {
  /** Channel name to pass to `pg_notify` (one per database schema). */
  readonly channel: string;
  /**
   * Listens on a dedicated connection (outside the pool: a pooled client would be handed to
   * a transaction). `onNotify` gets each payload, and `undefined` after the connection was
   * lost and re-established (notifications may have been missed in between). Resolves once
   * `LISTEN` is active.
   */
  listen(onNotify: (payload: string | undefined) => void): Promise<Listening>;
}

/**
 * Views a database handle through a context's own table interfaces. `Kysely<DB>` is invariant,
 * so the composition root (not each query) pays for the cast, once, here.
 */
export function tablesOf<TTables>(db: Kysely<unknown>): Kysely<TTables> {
  return db as unknown as Kysely<TTables>;
}

/** Which engine a kysely handle (the root or a transaction's) talks to. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
