import {
  type Clock,
  CORE_TOKENS,
  type Database,
  type DurableCommandQueue,
  toIsoUtc,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { SendLoopKick } from '../application/deliver-channel-sends/send-loop-kick';
import { KeyedQueueWakeUp } from '../../shared/infrastructure/queue-delivery-wake-up';

/** Queue key of the one wake-up row of the external send loop (`DeliverChannelSends`). */
export const CHANNEL_SENDS_WAKE_UP_KEY = 'notifications.deliver-channel-sends:wake';

/**
 * The external send loop's wake-up (`notifications.deliver-channel-sends:wake`). A wake-up for
 * now also kicks the loop in this process once the transaction commits ({@link SendLoopKick}):
 * the row alone would wait for the queue's batch in flight.
 */
@injectable()
export class QueueChannelSendsWakeUp extends KeyedQueueWakeUp {
  private readonly kicking = new WeakSet<Transaction>();

  constructor(
    @inject(CORE_TOKENS.CommandQueue) queue: DurableCommandQueue,
    @inject(CORE_TOKENS.Database) database: Database,
    @inject(CORE_TOKENS.Clock) private readonly now: Clock,
    @inject(SendLoopKick) private readonly kick: SendLoopKick,
  ) {
    super(queue, database, now, CHANNEL_SENDS_WAKE_UP_KEY, 'notifications.deliver-channel-sends');
  }

  /**
   * Always shared with the other processes (PostgreSQL NOTIFY): sends are network work each
   * daemon's pool does a few at a time, so every daemon with room should hear of them, not only
   * the writer (the deliver-due wake-up, by contrast, stays with its writer unless a drain asks).
   */
  override async wakeAt(tx: Transaction, at: string): Promise<void> {
    await super.wakeAt(tx, at, { share: true });
    if (!this.kicking.has(tx) && at <= toIsoUtc(this.now.now())) {
      this.kicking.add(tx);
      tx.afterCommit(() => this.kick.kick());
    }
  }
}
