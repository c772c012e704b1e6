import { type BackoffOptions } from './backoff';
import { type RepeatSpec } from './repeat-schedule';

/**
 * What to do when a `pending` row with the same key already exists.
 * - `replace`: the new command, instant and policy win (default).
 * - `keep-earlier`: keep the row, move its instant to the earlier of the two (a wake-up that
 *   only ever moves earlier).
 * - `keep-existing`: leave the row as it is.
 */
export type KeyConflictPolicy = 'replace' | 'keep-earlier' | 'keep-existing';

/** Options of `enqueue`. Give `runAt` or `delayMs`, or neither to run as soon as possible. */
export interface EnqueueOptions {
  /** Instant to run at (a Date or RFC 3339 text). */
  runAt?: Date | string;
  /** Run this many ms from now (per the queue's clock). */
  delayMs?: number;
  /** Idempotency key: at most one pending row per key. */
  key?: string;
  /** Policy when `key` is already pending. Default `replace`. */
  onKeyConflict?: KeyConflictPolicy;
  /** Make the row repeatable: re-armed after each run in the run's settling transaction. */
  repeat?: RepeatSpec;
  /** Claims allowed per run before giving up. Default 5. */
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /**
   * Tell every other process sharing the database at once (PostgreSQL NOTIFY), even though
   * this queue runs the row itself: work more processes should share (a drain asking idle
   * daemons to join). Otherwise a running queue keeps its rows to itself and hands off only
   * what falls due while it stays busy.
   */
  wakeOthers?: boolean;
}

/** A command as the queue stores it: the bus's routing type and plain JSON-able data. */
export interface QueuedCommand {
  readonly type: string;
  readonly payload: unknown;
}
