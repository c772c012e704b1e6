import { CORE_TOKENS, type SqliteCommandQueue, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type DeliveryWakeUp } from '../application/ports/wake-up.port';

/** Queue key of the one deliver-due wake-up row. */
export const DELIVER_DUE_WAKE_UP_KEY = 'notifications.deliver-due:wake';

/**
 * The wake-up on the kernel queue: one keyed row that only ever moves earlier
 * (`keep-earlier`). It commits with the caller's transaction; the queue arms its timer after
 * the commit (write first, arm second).
 */
@injectable()
export class QueueDeliveryWakeUp implements DeliveryWakeUp {
  constructor(@inject(CORE_TOKENS.CommandQueue) private readonly queue: SqliteCommandQueue) {}

  async wakeAt(tx: Transaction, at: string): Promise<void> {
    await this.queue.enqueue(
      { type: 'notifications.deliver-due', payload: {} },
      { runAt: at, key: DELIVER_DUE_WAKE_UP_KEY, onKeyConflict: 'keep-earlier' },
      tx,
    );
  }
}
