import { type Kysely, sql } from 'kysely';
import { tablesOf, type DialectName } from '../database/database';
import { sqlDialectFor, type SqlDialect } from '../database/dialect';
import { ReusableQuery } from '../database/reusable-query';
import { INSERT, NULLABLE_DEFAULTS, UPSERT } from './queue-inserts';
import {
  type CoreTables,
  type NewScheduledCommandRow,
  type ScheduledCommandRow,
} from './queue.tables';
import { type KeyConflictPolicy } from './enqueue-options';
import { type RearmColumns } from './repeat-rearm';

const TABLE = 'shared_scheduled_commands';

/**
 * "Live" rows, written as a literal: SQLite uses a partial index only when the query's
 * predicate visibly implies the index's, and a bound `status in (?, ?)` does not.
 */
const LIVE = sql<boolean>`status in ('pending', 'running')`;

// Compiled once (ReusableQuery): the statements every wake-up and every idle minute runs (the
// minutely safety net's claim, re-arm and the cycle's next-instant read). Building and
// compiling them through kysely on each run was most of the JavaScript an idle minute costs.

/** The earliest instant any live row needs attention. */
const NEXT_WAKE_UP = new ReusableQuery<Record<never, never>, { run_at: string }>([], (db) =>
  tablesOf<CoreTables>(db)
    .selectFrom(TABLE)
    .select('run_at')
    .where(LIVE)
    .orderBy('run_at')
    .limit(1),
);

/** A claim's values (see {@link QueueStore.claim}). */
interface ClaimValues {
  now: string;
  leaseUntil: string;
  token: string;
  limit: number;
  instanceId: string;
}

/** The re-arm of a held repeatable row: every column {@link RearmColumns} names, always. */
type RearmValues = RearmColumns & { id: string; token: string };

const REARM_COLUMNS: Record<keyof RearmValues, true> = {
  id: true,
  token: true,
  status: true,
  run_at: true,
  scheduled_for: true,
  attempts: true,
  lease_token: true,
  claimed_by: true,
  runs: true,
  skipped_runs: true,
  failed_runs: true,
  last_error: true,
  last_run_at: true,
  updated_at: true,
};

const REARM = new ReusableQuery<RearmValues>(
  Object.keys(REARM_COLUMNS) as (keyof RearmValues)[],
  (db, { id, token, ...changes }) =>
    tablesOf<CoreTables>(db)
      .updateTable(TABLE)
      .set(changes)
      .where('id', '=', id)
      .where('lease_token', '=', token)
      .where('status', '=', 'running'),
);

/**
 * Every statement the queue issues, in one place. Each state-changing UPDATE names the state
 * it expects (`status = 'running' AND lease_token = ?`) and callers check the row count.
 */
export class QueueStore {
  private readonly dialect: SqlDialect;
  /** The claim, compiled once: its text depends on the dialect (`for update skip locked`). */
  private readonly claimQuery: ReusableQuery<ClaimValues, ScheduledCommandRow>;

  constructor(dialect: DialectName) {
    this.dialect = sqlDialectFor(dialect);
    this.claimQuery = new ReusableQuery<ClaimValues, ScheduledCommandRow>(
      ['now', 'leaseUntil', 'token', 'limit', 'instanceId'],
      (db, v) => this.buildClaim(db, v),
    );
  }

  private q(db: Kysely<unknown>): Kysely<CoreTables> {
    return tablesOf<CoreTables>(db);
  }

  /** Inserts a row; with a key, resolves a pending duplicate per `policy`. Returns the row's run_at. */
  async insert(
    db: Kysely<unknown>,
    row: NewScheduledCommandRow,
    policy: KeyConflictPolicy,
  ): Promise<string> {
    const values: ScheduledCommandRow = { ...NULLABLE_DEFAULTS, ...row };
    if (row.key === null || row.key === undefined) {
      await INSERT.execute(db, values);
      return row.run_at;
    }
    const result = await UPSERT[policy].execute(db, values);
    return result.rows[0]?.run_at ?? row.run_at;
  }

  /** The pending row holding `key`, if any. */
  async findPendingByKey(
    db: Kysely<unknown>,
    key: string,
  ): Promise<ScheduledCommandRow | undefined> {
    return this.q(db)
      .selectFrom(TABLE)
      .selectAll()
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  /** Updates a pending keyed row in place (job re-registration with a changed cadence). */
  async updatePending(
    db: Kysely<unknown>,
    id: string,
    changes: Partial<NewScheduledCommandRow>,
  ): Promise<void> {
    await this.q(db)
      .updateTable(TABLE)
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /**
   * Deletes the pending job rows under `prefix` whose key is not in `keep`: jobs a context no
   * longer registers (a renamed job command would otherwise run forever). Returns how many.
   */
  async deleteRetiredJobs(
    db: Kysely<unknown>,
    prefix: string,
    keep: readonly string[],
  ): Promise<number> {
    let query = this.q(db)
      .deleteFrom(TABLE)
      .where('status', '=', 'pending')
      // Not LIKE: `_` in a context name is a LIKE wildcard.
      .where(sql<string>`substr(key, 1, ${sql.lit(prefix.length)})`, '=', prefix);
    if (keep.length > 0) {
      query = query.where('key', 'not in', keep);
    }
    const r = await query.executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Earliest instant any live row needs attention (due time or lease expiry). One indexed read. */
  async nextWakeUp(db: Kysely<unknown>): Promise<string | undefined> {
    const { rows } = await NEXT_WAKE_UP.execute(db, {});
    return rows[0]?.run_at;
  }

  /**
   * Compare-and-swap claim of up to `limit` rows that are due or whose lease expired: each
   * becomes `running` under `token` until `leaseUntil`, held by `instanceId`. Rows another
   * claimer took in between simply do not match.
   */
  async claim(
    db: Kysely<unknown>,
    now: string,
    leaseUntil: string,
    token: string,
    limit: number,
    instanceId: string,
  ): Promise<ScheduledCommandRow[]> {
    const { rows } = await this.claimQuery.execute(db, {
      now,
      leaseUntil,
      token,
      limit,
      instanceId,
    });
    return rows;
  }

  private buildClaim(db: Kysely<unknown>, v: ClaimValues) {
    const candidates = this.q(db)
      .selectFrom(TABLE)
      .select('id')
      .where(LIVE)
      .where('run_at', '<=', v.now)
      .orderBy('run_at')
      .limit(v.limit);
    const changes = {
      status: 'running' as const,
      lease_token: v.token,
      claimed_by: v.instanceId,
      run_at: v.leaseUntil,
      updated_at: v.now,
    };
    // A materialized CTE locks and picks the rows once. As an `IN (subquery)` PostgreSQL may
    // plan a nested-loop semi-join that re-runs the LIMIT … SKIP LOCKED subquery per outer
    // row and claims more than `limit` rows (seen with 5 due rows and a limit of 3). SQLite
    // (3.35+) reads the same text, and evaluates an `IN (subquery)` once anyway.
    return this.q(db)
      .with(
        (cte) => cte('picked').materialized(),
        () => this.dialect.claimRows(candidates),
      )
      .updateTable(TABLE)
      .set((eb) => ({ ...changes, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
      .where(LIVE)
      .where('run_at', '<=', v.now)
      .returningAll();
  }

  /** Extends the lease of everything held under `token` (long handlers). */
  async extendLease(
    db: Kysely<unknown>,
    token: string,
    leaseUntil: string,
    now: string,
  ): Promise<number> {
    const r = await this.q(db)
      .updateTable(TABLE)
      .set({ run_at: leaseUntil, updated_at: now })
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Completes one-shot rows held under `token`: deletes them. Returns how many matched. */
  async complete(db: Kysely<unknown>, token: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) {
      return 0;
    }
    const r = await this.q(db)
      .deleteFrom(TABLE)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Settles a held row with `changes` (retry, fail, re-arm) if the claim is still ours. */
  async settle(
    db: Kysely<unknown>,
    id: string,
    token: string,
    changes: Partial<NewScheduledCommandRow>,
  ): Promise<boolean> {
    const r = await this.q(db)
      .updateTable(TABLE)
      .set(changes)
      .where('id', '=', id)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * {@link settle} for a repeatable's re-arm ({@link RearmColumns}: always the same columns),
   * compiled once: the minutely safety net re-arms its row every idle minute.
   */
  async rearm(
    db: Kysely<unknown>,
    id: string,
    token: string,
    changes: RearmColumns,
  ): Promise<boolean> {
    const r = await REARM.execute(db, { ...changes, id, token });
    return Number(r.numAffectedRows) === 1;
  }

  /** Deletes one held row (a repeatable superseded by a re-registration during its run). */
  async deleteHeld(db: Kysely<unknown>, id: string, token: string): Promise<boolean> {
    const r = await this.q(db)
      .deleteFrom(TABLE)
      .where('id', '=', id)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /**
   * Before a release: a held keyed row whose key another row took meanwhile (a wake-up written
   * while it ran) cannot go back to `pending` (one pending row per key). That row already
   * carries the intent, so the held one is removed and its key's pending row brought forward
   * to `now`. Returns how many held rows were folded in.
   */
  async mergeHeldIntoPendingSiblings(
    db: Kysely<unknown>,
    tokens: readonly string[],
    now: string,
  ): Promise<number> {
    if (tokens.length === 0) {
      return 0;
    }
    const heldKeys = this.q(db)
      .selectFrom(TABLE)
      .select('key')
      .where('lease_token', 'in', tokens)
      .where('status', '=', 'running')
      .where('key', 'is not', null);
    await this.q(db)
      .updateTable(TABLE)
      .set({ run_at: now, scheduled_for: now, updated_at: now })
      .where('status', '=', 'pending')
      .where('run_at', '>', now)
      .where('key', 'in', heldKeys)
      .execute();
    const r = await this.q(db)
      .deleteFrom(TABLE)
      .where('lease_token', 'in', tokens)
      .where('status', '=', 'running')
      .where('key', 'in', (eb) =>
        eb
          .selectFrom(`${TABLE} as sibling`)
          .select('sibling.key')
          .where('sibling.status', '=', 'pending')
          .where('sibling.key', 'is not', null),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Gives back claims on shutdown so another process (or the next start) runs them at once. */
  async release(db: Kysely<unknown>, tokens: readonly string[], now: string): Promise<number> {
    if (tokens.length === 0) {
      return 0;
    }
    const r = await this.q(db)
      .updateTable(TABLE)
      .set((eb) => ({
        status: 'pending',
        run_at: now,
        lease_token: null,
        claimed_by: null,
        attempts: eb('attempts', '-', 1),
        updated_at: now,
      }))
      .where('lease_token', 'in', tokens)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /**
   * PostgreSQL: tells every listening process that a row is due at `runAt`. Inside the
   * writer's transaction, so the server delivers it only if (and when) the row commits.
   */
  async notifyWakeUp(db: Kysely<unknown>, channel: string, runAt: string): Promise<void> {
    await this.dialect.notify(db, channel, runAt);
  }
}
