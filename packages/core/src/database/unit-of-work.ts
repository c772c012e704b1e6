import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type Kysely } from 'kysely';
import { type DomainEvent } from '../domain';
import { type Database } from './database';
import { type GroupedCall, GroupCommitQueue } from './group-commit';

/**
 * The transaction a unit of work hands down to repositories and the queue. Repositories use
 * `db` for their statements and never keep it.
 */
export interface Transaction {
  /** Kysely bound to the open transaction (view it with `tablesOf`). */
  readonly db: Kysely<unknown>;
  /** Events to publish once this transaction commits (and to feed durable subscribers in it). */
  recordEvents(events: readonly DomainEvent[]): void;
  /** Runs after commit, never after rollback (e.g. arming a timer for a row just written). */
  afterCommit(callback: () => void): void;
}

/**
 * Runs inside the transaction just before commit with every event recorded in it. The event
 * dispatcher uses this to write durable subscribers' queue rows atomically with the state.
 */
export type BeforeCommitHook = (tx: Transaction, events: readonly DomainEvent[]) => Promise<void>;

/** Runs after commit with the transaction's events (in-memory, best-effort publication). */
export type AfterCommitHook = (events: readonly DomainEvent[]) => void;

class OpenTransaction implements Transaction {
  readonly events: DomainEvent[] = [];
  readonly callbacks: (() => void)[] = [];

  constructor(readonly db: Kysely<unknown>) {}

  recordEvents(events: readonly DomainEvent[]): void {
    this.events.push(...events);
  }

  afterCommit(callback: () => void): void {
    this.callbacks.push(callback);
  }
}

/** Options of {@link UnitOfWork.run}. */
export interface RunOptions {
  /**
   * Group commit (SQLite; ignored on PostgreSQL, whose pool runs calls side by side): the call
   * may share one transaction with the others made in the same turn of the event loop, each in
   * its own savepoint. It settles only after that transaction committed; if it throws, only its
   * own savepoint is rolled back and the others commit. For short, independent writes on a hot
   * path (an HTTP send), where a commit per call costs more than the work.
   */
  readonly group?: boolean;
}

/**
 * Opens one transaction per call and hands it down. A call made while a transaction is already
 * open in the same async flow joins it, so a handler composed of others stays atomic (and,
 * on SQLite's single connection, cannot deadlock waiting for itself).
 */
export class UnitOfWork {
  private readonly current = new AsyncLocalStorage<OpenTransaction>();
  private readonly policies: BeforeCommitHook[] = [];
  private readonly beforeCommit: BeforeCommitHook[] = [];
  private readonly afterCommitHooks: AfterCommitHook[] = [];
  // Compiled once: `sql.raw(...).execute()` built, froze and compiled a query tree for each of
  // these on every transaction (a measurable share of a one-row send).
  private readonly begin: CompiledQuery;
  private readonly commit = CompiledQuery.raw('commit');
  private readonly rollback = CompiledQuery.raw('rollback');
  // Group commit's, run on SQLite's driver only (`Database.runControl`).
  private readonly savepoint = 'savepoint grouped_call';
  private readonly release = 'release grouped_call';
  private readonly rollbackToSavepoint = 'rollback to grouped_call';
  private readonly groups: GroupCommitQueue<Kysely<unknown>> | undefined;

  constructor(private readonly database: Database) {
    this.begin = CompiledQuery.raw(database.beginStatement);
    const control = database.runControl;
    this.groups =
      control !== undefined
        ? new GroupCommitQueue<Kysely<unknown>>((calls) => this.runGroup(calls, control))
        : undefined;
  }

  onBeforeCommit(hook: BeforeCommitHook): void {
    this.beforeCommit.push(hook);
  }

  /**
   * Like {@link onBeforeCommit}, but runs before every before-commit hook: a context's
   * in-transaction policy, whose writes and events the event dispatcher must still see.
   */
  onBeforeCommitFirst(hook: BeforeCommitHook): void {
    this.policies.push(hook);
  }

  onAfterCommit(hook: AfterCommitHook): void {
    this.afterCommitHooks.push(hook);
  }

  /** The transaction open in this async flow, if any. */
  active(): Transaction | undefined {
    return this.current.getStore();
  }

  async run<T>(work: (tx: Transaction) => Promise<T>, options?: RunOptions): Promise<T> {
    const joined = this.current.getStore();
    if (joined) {
      return work(joined);
    }
    if (options?.group === true && this.groups !== undefined) {
      return this.groups.submit<T>((connection) => this.inGroup(connection, work));
    }
    const control = this.database.runControl;
    const { result, tx } = await this.database.kysely.connection().execute(async (connection) => {
      if (control !== undefined) {
        control(this.begin.sql);
      } else {
        await connection.executeQuery(this.begin);
      }
      const open = new OpenTransaction(connection);
      try {
        const value = await this.inTransaction(open, work);
        if (control !== undefined) {
          control(this.commit.sql);
        } else {
          await connection.executeQuery(this.commit);
        }
        return { result: value, tx: open };
      } catch (error) {
        if (control !== undefined) {
          quietly(control, this.rollback.sql);
        } else {
          await connection.executeQuery(this.rollback).catch(() => undefined);
        }
        throw error;
      }
    });
    this.committed(tx);
    return result;
  }

  /** The work and the before-commit hooks, with `open` as this async flow's transaction. */
  private inTransaction<T>(open: OpenTransaction, work: (tx: Transaction) => Promise<T>) {
    return this.current.run(open, async () => {
      const v = await work(open);
      for (const hook of this.policies.length === 0
        ? this.beforeCommit
        : [...this.policies, ...this.beforeCommit]) {
        await hook(open, open.events);
      }
      return v;
    });
  }

  /** After commit: publication, then the transaction's own callbacks. */
  private committed(tx: OpenTransaction): void {
    for (const hook of this.afterCommitHooks) {
      hook(tx.events);
    }
    for (const callback of tx.callbacks) {
      callback();
    }
  }

  /** One grouped call on the group's connection; its transaction goes back to {@link runGroup}. */
  private async inGroup<T>(
    connection: Kysely<unknown>,
    work: (tx: Transaction) => Promise<T>,
  ): Promise<GroupedResult> {
    const open = new OpenTransaction(connection);
    const value = await this.inTransaction(open, work);
    return { value, open };
  }

  /**
   * One transaction for a group of calls, each in its own savepoint: a call that throws is
   * rolled back to its savepoint and rejected alone. Every call is resolved only after COMMIT;
   * if COMMIT fails, none of them is durable and all are rejected. If SQLite ended the whole
   * transaction on a call's error (disk full, I/O error), the calls that ran before share that
   * fate, and those not yet run go back to the queue for a transaction of their own.
   * Transaction control goes straight to the driver (`control`, synchronous) while this holds
   * kysely's connection: through kysely, the savepoint and its release were two executor
   * round trips per call.
   */
  private async runGroup(
    calls: GroupedCall<Kysely<unknown>>[],
    control: (sqlText: string) => void,
  ): Promise<void> {
    const [only] = calls;
    if (calls.length === 1 && only !== undefined) {
      return this.runAlone(only, control);
    }
    const done: { call: GroupedCall<Kysely<unknown>>; result: GroupedResult }[] = [];
    let started = 0;
    let broken: unknown;
    await this.database.kysely.connection().execute(async (connection) => {
      control(this.begin.sql);
      try {
        for (const call of calls) {
          started++;
          control(this.savepoint);
          let result: GroupedResult;
          try {
            result = (await call.work(connection)) as GroupedResult;
          } catch (error) {
            try {
              control(this.rollbackToSavepoint);
              control(this.release);
            } catch {
              broken = error; // the transaction is gone with the calls before this one
            }
            call.reject(error);
            if (broken !== undefined) {
              break;
            }
            continue;
          }
          done.push({ call, result });
          control(this.release);
        }
        if (broken !== undefined) {
          // Whatever is left of it must not commit: its calls are being told they failed.
          quietly(control, this.rollback.sql);
          return;
        }
        control(this.commit.sql);
      } catch (error) {
        quietly(control, this.rollback.sql);
        broken ??= error;
      }
    });
    if (broken !== undefined) {
      this.groups?.requeue(calls.slice(started));
    }
    for (const { call, result } of done) {
      if (broken === undefined) {
        this.committed(result.open);
        call.resolve(result.value);
      } else {
        call.reject(broken);
      }
    }
  }

  /**
   * A group of one (calls made one at a time): its own transaction, no savepoint — a throw
   * rolls back only this call anyway. The savepoint and its release were two of the six
   * statements of every in-process one-at-a-time send.
   */
  private async runAlone(
    call: GroupedCall<Kysely<unknown>>,
    control: (sqlText: string) => void,
  ): Promise<void> {
    let result: GroupedResult;
    try {
      result = await this.database.kysely.connection().execute(async (connection) => {
        control(this.begin.sql);
        try {
          const value = (await call.work(connection)) as GroupedResult;
          control(this.commit.sql);
          return value;
        } catch (error) {
          quietly(control, this.rollback.sql);
          throw error;
        }
      });
    } catch (error) {
      call.reject(error);
      return;
    }
    this.committed(result.open);
    call.resolve(result.value);
  }
}

/** A rollback on a path already failing: its own error (e.g. no transaction left) is not news. */
function quietly(control: (sqlText: string) => void, sqlText: string): void {
  try {
    control(sqlText);
  } catch {
    // The transaction is already gone; the caller reports the error that got us here.
  }
}

interface GroupedResult {
  readonly value: unknown;
  readonly open: OpenTransaction;
}
