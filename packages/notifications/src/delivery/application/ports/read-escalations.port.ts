import { type Transaction } from '@tickler/core';

/**
 * The escalations a read cancels (port owned by delivery, implemented by the channels module's
 * `CancelReadEscalations`): marking an inbox item read settles its pending escalation send at
 * once, so the reminder's view says `cancelled` now rather than when it would have been due.
 */
export interface ReadEscalations {
  /** Cancels (`read`) the pending escalation sends of `deliveryId`, in `tx`. */
  cancelFor(tx: Transaction, deliveryId: string, now: string): Promise<void>;
}
