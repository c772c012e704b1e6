import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type Kysely } from 'kysely';
import { type DomainEvent } from '../domain';
import { type Database } from './database';

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

  constructor(private readonly database: Database) {
    this.begin = CompiledQuery.raw(database.beginStatement);
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

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const joined = this.current.getStore();
    if (joined) {
      return work(joined);
    }
    const { result, tx } = await this.database.kysely.connection().execute(async (connection) => {
      await connection.executeQuery(this.begin);
      const open = new OpenTransaction(connection);
      try {
        const value = await this.current.run(open, async () => {
          const v = await work(open);
          for (const hook of this.policies.length === 0
            ? this.beforeCommit
            : [...this.policies, ...this.beforeCommit]) {
            await hook(open, open.events);
          }
          return v;
        });
        await connection.executeQuery(this.commit);
        return { result: value, tx: open };
      } catch (error) {
        await connection.executeQuery(this.rollback).catch(() => undefined);
        throw error;
      }
    });
    for (const hook of this.afterCommitHooks) {
      hook(tx.events);
    }
    for (const callback of tx.callbacks) {
      callback();
    }
    return result;
  }
}
