import { type Kysely, sql } from 'kysely';
import { tablesOf } from '../database/database';
import { type Transaction } from '../database/unit-of-work';
import { msOf } from '../domain';
import { type ClaimedRows } from '../instance/claimed-rows';
import { type CoreTables } from './queue.tables';

/** The queue's own claims: `running` rows, each held by the instance in `claimed_by`. */
export class QueueClaims implements ClaimedRows {
  constructor(
    /** Tells other processes sharing the database, inside the transaction. */
    private readonly announce: (tx: Transaction, runAt: string) => Promise<void>,
    /** Arms this queue's timer for a committed instant (after commit only). */
    private readonly armAt: (atMs: number) => void,
  ) {}

  async holders(db: Kysely<unknown>): Promise<string[]> {
    const rows = await tablesOf<CoreTables>(db)
      .selectFrom('shared_scheduled_commands')
      .select('claimed_by')
      .distinct()
      // Literal: SQLite matches the partial index only against the same literal text.
      .where(sql<boolean>`status = 'running'`)
      .where('claimed_by', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.claimed_by === null ? [] : [r.claimed_by]));
  }

  /**
   * The rows' lease ends now: `run_at` (the lease expiry while running) moves back to the
   * instant the run was meant for (never later than `now`), so the next claim takes them as
   * expired — attempt counted, the dead process may have run them — in their old place in line,
   * ahead of work that fell due after them.
   */
  async expireClaimsOf(
    tx: Transaction,
    instances: readonly string[],
    now: string,
  ): Promise<number> {
    if (instances.length === 0) {
      return 0;
    }
    const result = await tablesOf<CoreTables>(tx.db)
      .updateTable('shared_scheduled_commands')
      .set({
        run_at: sql<string>`case when scheduled_for < ${now} then scheduled_for else ${now} end`,
        updated_at: now,
      })
      .where(sql<boolean>`status = 'running'`)
      .where('claimed_by', 'in', instances)
      .where('run_at', '>', now)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    if (count > 0) {
      await this.announce(tx, now);
      tx.afterCommit(() => this.armAt(msOf(now)));
    }
    return count;
  }
}
