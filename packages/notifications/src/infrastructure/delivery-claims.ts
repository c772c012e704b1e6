import {
  type ClaimedRows,
  type ClaimedTable,
  expireClaimsIn,
  holdersIn,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type Kysely } from 'kysely';
import { type DeliveryWakeUp } from '../application/ports/wake-up.port';
import { NOTIFICATIONS_TOKENS } from '../notifications.tokens';

/** Webhook deliveries `sending`: `due_at` is the lease expiry, `scheduled_at` their instant. */
const SENDING_DELIVERIES: ClaimedTable = {
  table: 'notification_deliveries',
  claimedStatus: 'sending',
  leaseColumn: 'due_at',
  meantForColumn: 'scheduled_at',
};

/**
 * Webhook deliveries `sending`, each held by the instance in `claimed_by`, for the kernel's
 * claim recovery (ADR 0004). Ending a claim's lease moves only `due_at` back to the delivery's
 * own instant (never later than now): the next deliver-due run finds the row due, in its old
 * place in line, and the aggregate decides as for any expired lease (`recoverAbandonedClaim`:
 * re-claim, or fail when at-most-once). The wake-up is moved to now in the same transaction,
 * so that run happens at once.
 */
@injectable()
export class DeliveryClaims implements ClaimedRows {
  constructor(@inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp) {}

  holders(db: Kysely<unknown>): Promise<string[]> {
    return holdersIn(db, SENDING_DELIVERIES);
  }

  async expireClaimsOf(
    tx: Transaction,
    instances: readonly string[],
    now: string,
  ): Promise<number> {
    const count = await expireClaimsIn(tx.db, SENDING_DELIVERIES, instances, now);
    if (count > 0) {
      await this.wakeUp.wakeAt(tx, now);
    }
    return count;
  }
}
