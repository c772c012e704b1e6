import { type Transaction } from '@tickler/core';

/**
 * Plans a deliver-due run: the dispatcher runs within milliseconds of a delivery's instant
 * without polling, and a million scheduled deliveries still mean one planned run.
 */
export interface DeliveryWakeUp {
  /**
   * Makes sure a deliver-due run happens at `at` (ISO UTC) or earlier, committed with `tx`.
   * Only ever moves the planned run earlier. An instant already past means a run is owed now
   * (the safety net found a due delivery whose run may have been lost). `share` asks the other
   * processes to join at once (a drain with more than one batch due; see
   * {@link heardByOtherProcesses}); otherwise this process runs it unless it stays busy.
   */
  wakeAt(tx: Transaction, at: string, options?: { readonly share?: boolean }): Promise<void>;
  /**
   * True when other processes share the database and hear this wake-up (PostgreSQL's NOTIFY):
   * a run that finds more work than one batch then plans a run at once, so an idle daemon
   * claims it and drains beside this one (`FOR UPDATE SKIP LOCKED` keeps their batches disjoint).
   */
  readonly heardByOtherProcesses?: boolean;
}
