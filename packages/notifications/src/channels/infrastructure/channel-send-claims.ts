import {
  type ClaimedRows,
  type ClaimedTable,
  expireClaimsIn,
  holdersIn,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type Kysely } from 'kysely';
import { ChannelSendPool } from '../application/deliver-channel-sends/channel-send-pool';
import { SendLoopKick } from '../application/deliver-channel-sends/send-loop-kick';
import { type DeliveryWakeUp } from '../../shared/application/ports/wake-up.port';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';

/** Channel sends `sending`: `due_at` is the lease expiry, `created_at` their place in line. */
const SENDING: ClaimedTable = {
  table: 'notification_channel_sends',
  claimedStatus: 'sending',
  leaseColumn: 'due_at',
  meantForColumn: 'created_at',
};

/**
 * Channel sends `sending`, each held by the instance in `claimed_by`, for the kernel's claim
 * recovery (ADR 0004): a dead instance's claims have their lease ended at once, and the send
 * loop is woken to take them over by their guarantee (at-least-once: again, same idempotency
 * key; at-most-once: failed `abandoned`). At stop, the sends in flight are waited for up to the
 * deadline first (`drain`, after a kicked claim under way), then what is still held is released
 * the same way.
 */
@injectable()
export class ChannelSendClaims implements ClaimedRows {
  constructor(
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(ChannelSendPool) private readonly pool: ChannelSendPool,
    @inject(SendLoopKick) private readonly kick: SendLoopKick,
  ) {}

  holders(db: Kysely<unknown>): Promise<string[]> {
    return holdersIn(db, SENDING);
  }

  async expireClaimsOf(
    tx: Transaction,
    instances: readonly string[],
    now: string,
  ): Promise<number> {
    const count = await expireClaimsIn(tx.db, SENDING, instances, now);
    if (count > 0) {
      await this.wakeUp.wakeAt(tx, now);
    }
    return count;
  }

  working(): boolean {
    return this.pool.inFlight > 0 || this.kick.busy;
  }

  async drain(deadlineMs: number): Promise<void> {
    // A kicked run already claiming hands its claims to the pool when it commits: wait for it
    // (no new kick starts once the queue is stopping), then for the sends.
    const started = Date.now();
    await this.kick.idle();
    await this.pool.drain(Math.max(0, deadlineMs - (Date.now() - started)));
  }
}
