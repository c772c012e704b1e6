import { Command } from '@tickler/core';

/** What one retention run removed, and whether it stopped with more left (the next run goes on). */
export interface PruneExpiredResult {
  /** Finished deliveries removed (with their inbox rows, channel sends and withdrawals). */
  readonly deliveries: number;
  readonly inboxItems: number;
  readonly channelSends: number;
  readonly logEntries: number;
  /** True when the run's batch cap stopped it before the window was reached. */
  readonly more: boolean;
}

/**
 * Retention (`TICKLER_RETENTION`, default 90 days): removes what finished before the window —
 * sent, canceled, missed and failed deliveries with their inbox rows, channel sends and
 * withdrawals, and delivery-log entries — in bounded batches, one short transaction each, then
 * gives the file's free pages back (SQLite incremental vacuum). Never a live row, and never a
 * producer's tombstone (a reconciled row) until its plan withdrew it. The context's hourly job.
 */
export class PruneExpired extends Command<PruneExpiredResult> {
  static readonly type = 'notifications.prune-expired';
}
