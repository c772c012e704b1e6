import { msOf, toIsoUtc } from '../domain';
import { type NewScheduledCommandRow, type ScheduledCommandRow } from './queue.tables';
import { nextOccurrence } from './repeat-schedule';

/** Longest `last_error` kept on a row, in characters. */
const MAX_ERROR_TEXT = 4000;

/** A failure as the row keeps it: `Name: message`, cut to a bounded length. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    return `${error.name}: ${error.message}`.slice(0, MAX_ERROR_TEXT);
  }
  return String(error).slice(0, MAX_ERROR_TEXT);
}

/** Column changes that settle a held row (retry, fail, re-arm). */
export type SettleChanges = Partial<NewScheduledCommandRow>;

/** The settle of one repeatable run and how many occurrences it skipped to get there. */
export interface Rearm {
  readonly changes: SettleChanges & { run_at: string };
  /** Occurrences that fell inside downtime: counted in `skipped_runs`, never replayed. */
  readonly skipped: number;
}

/**
 * The settle of a repeatable run finishing at `nowMs`: pending again at its next occurrence
 * (one run after downtime, the missed ones counted), counters moved on, a failure (`error`
 * not null) recorded without killing the job.
 */
export function rearmChanges(row: ScheduledCommandRow, error: unknown, nowMs: number): Rearm {
  const { nextMs, skipped } = nextOccurrence(row, msOf(row.scheduled_for), nowMs);
  const next = toIsoUtc(nextMs);
  return {
    skipped,
    changes: {
      status: 'pending',
      run_at: next,
      scheduled_for: next,
      attempts: 0,
      lease_token: null,
      claimed_by: null,
      runs: row.runs + 1,
      skipped_runs: Number(row.skipped_runs) + skipped,
      failed_runs: row.failed_runs + (error === null ? 0 : 1),
      last_error: error === null ? row.last_error : errorText(error),
      last_run_at: toIsoUtc(nowMs),
      updated_at: toIsoUtc(nowMs),
    },
  };
}

/** True for a row that re-arms after each run instead of being deleted. */
export function isRepeatable(row: ScheduledCommandRow): boolean {
  return row.repeat_every_ms !== null || row.repeat_cron !== null;
}
