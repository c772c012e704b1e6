import { type Kysely } from 'kysely';
import { type DialectName } from '../database';

/** A select that can lock the rows it reads (kysely's `SelectQueryBuilder`). */
export interface LockableQuery<Q> {
  forUpdate(): Q;
}

/** A select that can lock the rows it reads and skip the ones another transaction holds. */
export interface ClaimableQuery<Q> {
  /** `of`: kysely types it by the query's tables; the dialect passes the caller's alias through. */
  forUpdate(of?: never): { skipLocked(): Q };
}

/**
 * Everything that differs between SQLite and PostgreSQL, in one place (the shape of kysely's
 * own `Dialect`): the rest of the code never asks which database it is on. What is spelled the
 * same on both is not here: upserts (`on conflict … do nothing / do update`) and `returning`
 * are kysely's builder on both engines, and instants are written by the application's clock,
 * never by the database's `now()`.
 */
export interface SqlDialect {
  readonly name: DialectName;
  /**
   * Whether a wake-up written in a transaction ({@link SqlDialect.notify}) is heard by the
   * other processes on the database. SQLite has no such channel: other writers of the same
   * file are found by the queue's safety sweep.
   */
  readonly notifiesOtherProcesses: boolean;
  /**
   * Locks the rows a read returns until commit, for a read-then-write (`for update`). On
   * SQLite the write transaction (`begin immediate`) already holds the whole file.
   */
  lockRows<Q extends LockableQuery<Q>>(query: Q): Q;
  /**
   * Claims rows nobody else holds: locks them and skips those another transaction has
   * locked (`for update skip locked`), so concurrent claimers each get their own. With `of`
   * (a table alias of a join), only that table's rows are locked (`for update of …`): the rows
   * joined to them for reading stay unlocked. SQLite: one writer at a time, the query as is.
   */
  claimRows<Q extends ClaimableQuery<Q>>(query: Q, of?: string): Q;
  /**
   * Serialises the transactions that take the same `key` until they commit (an advisory
   * transaction lock, scoped to the current schema). SQLite: the write transaction already
   * serialises every writer.
   */
  lockForTransaction(db: Kysely<unknown>, key: string): Promise<void>;
  /**
   * Tells every listening process that something is due at `payload`, inside the writer's
   * transaction, so it is heard only if (and when) the row commits. SQLite: nothing to do.
   */
  notify(db: Kysely<unknown>, channel: string, payload: string): Promise<void>;
  /**
   * Runs `read` (one statement of the caller's open transaction) planned to walk an index in
   * its order: a claim of the earliest due rows (`where due_at <= now order by due_at limit n`).
   * PostgreSQL plans by its statistics, and those are missing or stale exactly when a backlog
   * forms (a table filled or moved in bulk and not yet analysed; rows analysed while still in the
   * future, all due after a downtime): it then expects a handful of due rows and hashes and sorts
   * every due row for each batch, so a batch costs O(backlog) (measured: 70–500 ms per due read
   * of a 50k backlog, against 1.7 ms in index order). For that one statement sorts, hash joins
   * and bitmap scans are switched off (`set local`, back to the defaults after it, gone at
   * commit or rollback anyway): two short statements per batch. SQLite's planner takes the
   * partial index either way: `read` as is.
   */
  inIndexOrder<T>(db: Kysely<unknown>, read: () => Promise<T>): Promise<T>;
  /** The placeholder of the `n`-th (1-based) bound parameter: `?` or `$n`. */
  placeholder(n: number): string;
  /** `(?, ?), (?, ?)` or `($1, $2), ($3, $4)`: a VALUES list of `rows` rows of `columns`. */
  valuesList(columns: number, rows: number): string;
  /**
   * A value copied out of a VALUES list into a column of `type`: PostgreSQL types the bound
   * values of a VALUES list as text, so a non-text column needs a cast.
   */
  fromValues(expression: string, type: string): string;
  /** The column type of a key assigned in insert order and never reused. */
  readonly serialKeyType: 'integer' | 'serial';
  /** Whether that key needs `autoincrement` to never be reused (SQLite does). */
  readonly serialKeyAutoIncrement: boolean;
}
