import { type Transaction } from '@tickler/core';

/**
 * Plans a deliver-due run: the dispatcher runs within milliseconds of a delivery's instant
 * without polling, and a million scheduled deliveries still mean one planned run.
 */
export interface DeliveryWakeUp {
  /**
   * Makes sure a deliver-due run happens at `at` (ISO UTC) or earlier, committed with `tx`.
   * Only ever moves the planned run earlier. An instant already past means a run is owed now
   * (the safety net found a due delivery whose run may have been lost).
   */
  wakeAt(tx: Transaction, at: string): Promise<void>;
}
