import { type Transaction } from '@tickler/core';

/**
 * Moves the single deliver-due wake-up to `at` (ISO UTC) inside `tx`, only ever earlier: the
 * dispatcher runs within milliseconds of a delivery's instant without polling, and a million
 * scheduled deliveries still mean one queue row.
 */
export interface DeliveryWakeUp {
  wakeAt(tx: Transaction, at: string): Promise<void>;
  /**
   * Like `wakeAt`, but always writes, whatever the adapter believes about the pending row: the
   * safety net's repair when it finds a delivery due (the wake-up that should have run it may
   * have failed or been lost).
   */
  repairAt(tx: Transaction, at: string): Promise<void>;
  /**
   * A deliver-due run is starting: the wake-up row it runs under no longer counts as pending,
   * so whatever the adapter remembers about the pending wake-up must be dropped. The run ends
   * by calling `wakeAt` with the next due instant.
   */
  runStarting(): void;
}
