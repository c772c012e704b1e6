import { type Kysely } from 'kysely';
import { type Transaction } from '../database/unit-of-work';
import { msOf } from '../domain';
import { type ClaimedRows } from '../instance/claimed-rows';
import { type ClaimedTable, expireClaimsIn, holdersIn } from '../instance/claimed-table';

/**
 * The queue's rows `running`: `run_at` is the lease expiry, `scheduled_for` the instant the run
 * was meant for.
 */
const QUEUE_ROWS: ClaimedTable = {
  table: 'shared_scheduled_commands',
  claimedStatus: 'running',
  leaseColumn: 'run_at',
  meantForColumn: 'scheduled_for',
};

/**
 * The queue's own claims, each held by the instance in `claimed_by`. Ended leases are taken by
 * the next claim as expired (attempt counted: the dead process may have run them).
 */
export class QueueClaims implements ClaimedRows {
  constructor(
    /** Tells other processes sharing the database, inside the transaction. */
    private readonly announce: (tx: Transaction, runAt: string) => Promise<void>,
    /** Arms this queue's timer for a committed instant (after commit only). */
    private readonly armAt: (atMs: number) => void,
  ) {}

  holders(db: Kysely<unknown>): Promise<string[]> {
    return holdersIn(db, QUEUE_ROWS);
  }

  async expireClaimsOf(
    tx: Transaction,
    instances: readonly string[],
    now: string,
  ): Promise<number> {
    const count = await expireClaimsIn(tx.db, QUEUE_ROWS, instances, now);
    if (count > 0) {
      await this.announce(tx, now);
      tx.afterCommit(() => this.armAt(msOf(now)));
    }
    return count;
  }
}
