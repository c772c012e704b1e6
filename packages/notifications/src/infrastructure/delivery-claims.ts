import { type ClaimedRows, tablesOf, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import { type DeliveryWakeUp } from '../application/ports/wake-up.port';
import { NOTIFICATIONS_TOKENS } from '../notifications.tokens';
import { type NotificationsTables } from './notifications.tables';

/** Literal: SQLite matches the partial index only against the same literal text. */
const SENDING = sql<boolean>`status = 'sending'`;

/**
 * Webhook deliveries `sending`, each held by the instance in `claimed_by`, for the kernel's
 * claim recovery (ADR 0004). Ending a claim's lease moves only `due_at` (the lease expiry while
 * `sending`) back to the delivery's own instant (never later than now): the next deliver-due run
 * finds the row due, in its old place in line ahead of deliveries that fell due after it, and the
 * aggregate decides as for any expired lease (`recoverAbandonedClaim`: re-claim, or fail when
 * at-most-once). The wake-up is moved to now in the same transaction, so that run happens at
 * once.
 */
@injectable()
export class DeliveryClaims implements ClaimedRows {
  constructor(@inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp) {}

  async holders(db: Kysely<unknown>): Promise<string[]> {
    const rows = await tablesOf<NotificationsTables>(db)
      .selectFrom('notification_deliveries')
      .select('claimed_by')
      .distinct()
      .where(SENDING)
      .where('claimed_by', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.claimed_by === null ? [] : [r.claimed_by]));
  }

  async expireClaimsOf(
    tx: Transaction,
    instances: readonly string[],
    now: string,
  ): Promise<number> {
    if (instances.length === 0) {
      return 0;
    }
    const result = await tablesOf<NotificationsTables>(tx.db)
      .updateTable('notification_deliveries')
      .set({
        due_at: sql<string>`case when scheduled_at < ${now} then scheduled_at else ${now} end`,
        updated_at: now,
      })
      .where(SENDING)
      .where('claimed_by', 'in', instances)
      .where('due_at', '>', now)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    if (count > 0) {
      await this.wakeUp.wakeAt(tx, now);
    }
    return count;
  }
}
