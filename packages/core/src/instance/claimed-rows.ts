import { type Kysely } from 'kysely';
import { type Transaction } from '../database/unit-of-work';

/**
 * Rows that instances claim for a while (queue rows `running`, webhook deliveries `sending`),
 * each carrying the instance that claimed it. Through this port the kernel recovers a dead
 * instance's claims at once and releases this instance's at stop, whichever table holds them.
 * A context registers its own with `BoundedContext.create({ claims: [...] })`.
 */
export interface ClaimedRows {
  /** The instances holding at least one claim right now (distinct; one indexed read). */
  holders(db: Kysely<unknown>): Promise<string[]>;
  /**
   * Ends the lease of every claim held by `instances` at `now`, inside `tx`: from the commit on,
   * whoever looks next recovers them exactly as it recovers an expired lease (same attempt
   * accounting, same policies), and arranges that someone looks at once. Returns how many.
   */
  expireClaimsOf(tx: Transaction, instances: readonly string[], now: string): Promise<number>;
  /**
   * Optional: this instance's claims still being worked on outside any queue handler (e.g.
   * channel sends in flight on the network). At stop, waits for them for up to `deadlineMs` of
   * real time and then stops settling them; what is still held is then released by
   * `expireClaimsOf` like any other claim of this instance.
   */
  drain?(deadlineMs: number): Promise<void>;
  /**
   * Optional: true while this instance works on such claims outside the queue's cycle (sends in
   * flight, a claim under way): the watchdog then looks at its busy pace.
   */
  working?(): boolean;
}

/** An injectable class implementing {@link ClaimedRows}, resolved from the container. */
export type ClaimedRowsClass = new (...args: never[]) => ClaimedRows;
