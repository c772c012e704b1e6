/**
 * The lock a running instance (an `Application`: a daemon process, a test app) holds for its
 * whole life. The operating system or the database server lets go of it when the holder dies,
 * however it dies (SIGKILL included): a claim whose instance no longer holds its lock belongs
 * to nobody and can be taken over at once instead of at its lease's expiry. Leases stay as the
 * fallback for an owner that is alive but stuck. ADR 0004.
 */
export interface InstanceLock {
  /** The instance's id: what its claims carry (`claimed_by`). */
  readonly id: string;
  /** Of `ids` (other instances' ids read from claims), those that no longer hold their lock. */
  deadAmong(ids: readonly string[]): Promise<string[]>;
  /**
   * The other instances sharing the database right now: `live` are opaque keys of those that
   * hold their lock (one disappearing means an instance ended); `dead` are ids known to have
   * ended without cleaning up (SQLite's leftover lock files; always empty on PostgreSQL).
   */
  peers(): Promise<Peers>;
  /** Removes what a dead instance left behind (its lock file), once its claims are recovered. */
  forget(deadIds: readonly string[]): Promise<void>;
  /** Lets go of the lock (clean stop). Safe to call twice. */
  release(): Promise<void>;
}

/** What {@link InstanceLock.peers} sees. */
export interface Peers {
  readonly live: ReadonlySet<string>;
  readonly dead: readonly string[];
}

/** Ids that may name a lock file: what `IdGenerator` makes (UUID text) and simple test ids. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** True for an id that can safely become part of a file name. */
export function isSafeInstanceId(id: string): boolean {
  return SAFE_ID.test(id);
}
