import { type Kysely } from 'kysely';
import { tablesOf } from '../database/database';
import { ReusableQuery } from '../database/reusable-query';
import { type CoreTables, type JobOccurrencesTable } from './queue.tables';

const TABLE = 'shared_job_occurrences';

/**
 * Entries the ledger keeps per job: the latest by instant, trimmed back to this every
 * {@link JOB_LEDGER_TRIM_EVERY} settles (so at most the sum of both between trims). The row
 * counters (`runs`, `skipped_runs`, `failed_runs`) keep the totals; the ledger says which
 * occurrence and why.
 */
export const JOB_LEDGER_KEEP = 100;

/**
 * Settles between two trims of a job's ledger: trimming on every settle would add a statement
 * to every idle minute (the minutely safety net is a repeatable job).
 */
export const JOB_LEDGER_TRIM_EVERY = 50;

/**
 * One entry's upsert, compiled once: every settle of a repeatable writes one (the minutely
 * safety net's every idle minute). An occurrence recorded again keeps the later word.
 */
const RECORD = new ReusableQuery<JobOccurrencesTable>(
  ['job_key', 'instant', 'outcome', 'reason', 'recorded_at'],
  (db, row) =>
    tablesOf<CoreTables>(db)
      .insertInto(TABLE)
      .values(row)
      .onConflict((oc) =>
        oc.columns(['job_key', 'instant']).doUpdateSet((eb) => ({
          outcome: eb.ref('excluded.outcome'),
          reason: eb.ref('excluded.reason'),
          recorded_at: eb.ref('excluded.recorded_at'),
        })),
      ),
);

/** Most entries one read answers (every job's ledger at once, as `/metrics` reads it). */
export const MAX_LEDGER_READ = 2_000;

/** What became of one occurrence of a repeatable job. */
export interface JobOccurrence {
  /** The job's queue key (`job:<context>:<command>`), or its row id when it has no key. */
  readonly jobKey: string;
  /** The instant it was for (ISO UTC). */
  readonly instant: string;
  /** `ran` (the handler succeeded), `failed` (it threw its last attempt), `skipped` (not run). */
  readonly outcome: JobOccurrencesTable['outcome'];
  /**
   * Why: `late` (ran, more than its grace after the instant), `collapsed` (run-once after
   * downtime: one run stood for it), `too-late` (skip: past its grace), a failed run's error
   * (cut to {@link MAX_REASON_LENGTH}); null for a run on time.
   */
  readonly reason: string | null;
  /** When the entry was written (ISO UTC). */
  readonly recordedAt: string;
}

/** Longest reason kept (a failed run's error text). */
export const MAX_REASON_LENGTH = 200;

/** An entry to record: the occurrence and its outcome. */
export type OccurrenceEntry = Pick<JobOccurrence, 'instant' | 'outcome' | 'reason'>;

/**
 * Records entries of one job (in the caller's transaction: the one settling its run) and, on
 * every {@link JOB_LEDGER_TRIM_EVERY}th settle (`settles`: the job's settles before this one) or
 * when several entries come at once, trims its ledger to the latest {@link JOB_LEDGER_KEEP}.
 * An occurrence recorded again (a restarted series of the same cadence) keeps the later word.
 */
export async function recordOccurrences(
  db: Kysely<unknown>,
  jobKey: string,
  entries: readonly OccurrenceEntry[],
  recordedAt: string,
  settles: number,
): Promise<void> {
  if (entries.length === 0) {
    return;
  }
  const t = tablesOf<CoreTables>(db);
  // The settle lists at most MAX_LISTED_SKIPS + 1 entries; one statement per entry stays
  // within every dialect's parameter limit and the upsert spelling both share.
  for (const entry of entries.slice(-JOB_LEDGER_KEEP)) {
    await RECORD.execute(db, {
      job_key: jobKey,
      instant: entry.instant,
      outcome: entry.outcome,
      reason: entry.reason?.slice(0, MAX_REASON_LENGTH) ?? null,
      recorded_at: recordedAt,
    });
  }
  if (entries.length === 1 && settles % JOB_LEDGER_TRIM_EVERY !== 0) {
    return;
  }
  // One statement: a NULL subquery (fewer entries than kept) deletes nothing.
  await t
    .deleteFrom(TABLE)
    .where('job_key', '=', jobKey)
    .where(
      'instant',
      '<',
      t
        .selectFrom(TABLE)
        .select('instant')
        .where('job_key', '=', jobKey)
        .orderBy('instant', 'desc')
        .offset(JOB_LEDGER_KEEP - 1)
        .limit(1),
    )
    .execute();
}

/**
 * The ledger, oldest first per job: one job's (`jobKey`) or every job's, at most `limit`
 * entries (default and cap {@link MAX_LEDGER_READ}), the latest when there are more.
 */
export async function readOccurrences(
  db: Kysely<unknown>,
  options: { jobKey?: string; limit?: number } = {},
): Promise<JobOccurrence[]> {
  const limit = Math.max(1, Math.min(options.limit ?? MAX_LEDGER_READ, MAX_LEDGER_READ));
  let query = tablesOf<CoreTables>(db).selectFrom(TABLE).selectAll();
  if (options.jobKey !== undefined) {
    query = query.where('job_key', '=', options.jobKey);
  }
  const rows = await query.orderBy('instant', 'desc').orderBy('job_key').limit(limit).execute();
  return rows
    .map((r): JobOccurrence => ({
      jobKey: r.job_key,
      instant: r.instant,
      outcome: r.outcome,
      reason: r.reason,
      recordedAt: r.recorded_at,
    }))
    .sort((a, b) => a.jobKey.localeCompare(b.jobKey) || a.instant.localeCompare(b.instant));
}
