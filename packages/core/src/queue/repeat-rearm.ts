import { msOf, toIsoUtc } from '../domain';
import { type NewScheduledCommandRow, type ScheduledCommandRow } from './queue.tables';
import { type OccurrenceEntry } from './job-occurrences';
import { graceMsOf, nextOccurrence } from './repeat-schedule';

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

/**
 * The columns a repeatable's re-arm writes, always all of them: the store runs it as one
 * statement compiled once (`QueueStore.rearm`), since the minutely safety net re-arms every
 * idle minute.
 */
export type RearmColumns = Pick<
  ScheduledCommandRow,
  | 'status'
  | 'run_at'
  | 'scheduled_for'
  | 'attempts'
  | 'lease_token'
  | 'claimed_by'
  | 'runs'
  | 'skipped_runs'
  | 'failed_runs'
  | 'last_error'
  | 'last_run_at'
  | 'updated_at'
>;

/** What happened to the occurrence a repeatable row was claimed for. */
export type RunOutcome = { readonly ran: true; readonly error: unknown } | { readonly ran: false };

/** The settle of one repeatable run and how many occurrences it skipped to get there. */
export interface Rearm {
  readonly changes: RearmColumns;
  /** Occurrences that fell inside downtime: counted in `skipped_runs`, never replayed. */
  readonly skipped: number;
  /** The ledger entries of this settle: the row's occurrence, then those skipped (bounded). */
  readonly ledger: OccurrenceEntry[];
}

/**
 * True when the row is a repeatable with `onMissed: 'skip'` reached more than its grace after
 * the occurrence it was armed for: it is skipped, not run.
 */
export function isSkippedAsTooLate(row: ScheduledCommandRow, nowMs: number): boolean {
  return (
    isRepeatable(row) &&
    row.repeat_on_missed === 'skip' &&
    nowMs - msOf(row.scheduled_for) > graceMsOf(row)
  );
}

/** The row's own occurrence as the ledger records it. */
function ownEntry(row: ScheduledCommandRow, outcome: RunOutcome, nowMs: number): OccurrenceEntry {
  const instant = row.scheduled_for;
  if (!outcome.ran) {
    return { instant, outcome: 'skipped', reason: 'too-late' };
  }
  if (outcome.error !== null) {
    return { instant, outcome: 'failed', reason: errorText(outcome.error) };
  }
  const late = nowMs - msOf(instant) > graceMsOf(row);
  return { instant, outcome: 'ran', reason: late ? 'late' : null };
}

/**
 * The settle of a repeatable occurrence at `nowMs`: run (`error` null or the failure) or
 * skipped as too late. Pending again at its next occurrence after now (after downtime one run,
 * the missed ones counted, or none with `skip`), counters moved on, a failure recorded
 * without killing the job, and the ledger entries to write in the same transaction.
 */
export function rearmChanges(row: ScheduledCommandRow, outcome: RunOutcome, nowMs: number): Rearm {
  const { nextMs, skipped, skippedMs } = nextOccurrence(row, msOf(row.scheduled_for), nowMs);
  const next = toIsoUtc(nextMs);
  const error = outcome.ran ? outcome.error : null;
  const between = outcome.ran ? 'collapsed' : 'too-late';
  return {
    skipped,
    ledger: [
      ownEntry(row, outcome, nowMs),
      ...skippedMs.map((ms): OccurrenceEntry => ({
        instant: toIsoUtc(ms),
        outcome: 'skipped',
        reason: between,
      })),
    ],
    changes: {
      status: 'pending',
      run_at: next,
      scheduled_for: next,
      attempts: 0,
      lease_token: null,
      claimed_by: null,
      runs: row.runs + (outcome.ran ? 1 : 0),
      skipped_runs: Number(row.skipped_runs) + skipped + (outcome.ran ? 0 : 1),
      failed_runs: row.failed_runs + (error === null ? 0 : 1),
      last_error: error === null ? row.last_error : errorText(error),
      last_run_at: outcome.ran ? toIsoUtc(nowMs) : row.last_run_at,
      updated_at: toIsoUtc(nowMs),
    },
  };
}

/** True for a row that re-arms after each run instead of being deleted. */
export function isRepeatable(row: ScheduledCommandRow): boolean {
  return row.repeat_every_ms !== null || row.repeat_cron !== null;
}
