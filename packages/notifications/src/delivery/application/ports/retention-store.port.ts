import { type Scope } from '../../../shared/application/ports/scope';

/** What one pruning batch removed. */
export interface PrunedBatch {
  readonly deliveries: number;
  readonly inboxItems: number;
  readonly channelSends: number;
  readonly logEntries: number;
}

/** Retention's storage: every statement that prunes rows, in one adapter. */
export interface RetentionStore {
  /**
   * Removes at most `limit` finished deliveries last changed before `cutoff` (ISO UTC) with
   * their inbox rows, channel sends and withdrawals, and at most `limit` log entries sent before
   * it. Deliveries a producer reconciled stay unless withdrawn; a delivery with a live send stays.
   */
  pruneBatch(scope: Scope, cutoff: string, limit: number): Promise<PrunedBatch>;
  /**
   * Gives at most `pages` free pages back to the file system (SQLite incremental vacuum) and
   * says how many it gave; 0 where there is nothing to give (PostgreSQL, a non-incremental file).
   */
  giveBackSpace(scope: Scope, pages: number): Promise<number>;
}
