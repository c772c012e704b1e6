import { Cron } from 'croner';
import { InvalidArgumentError, parseDuration } from '../domain';

/**
 * What a repeatable job does with an occurrence it reaches more than its grace late (SCH-04:
 * a missed run is a decision). `run-once`: run it once, late, and record the occurrences in
 * between skipped (`collapsed`); `skip`: run nothing late, record it and those in between
 * skipped (`too-late`), and wait for the next future occurrence.
 */
export type OnMissed = 'run-once' | 'skip';

/** The choices of {@link OnMissed}, for validation. */
export const ON_MISSED = ['run-once', 'skip'] as const;

/** Grace of a repeatable job that names none: a run this late or less is on time. */
export const DEFAULT_JOB_GRACE_MS = 60_000;

/** The missed-run decision of a repeatable job (default `run-once`, grace 1 minute). */
export interface MissedPolicy {
  readonly onMissed?: OnMissed;
  /** A duration with a unit (`30s`, `5m`): how late a run may start and still be on time. */
  readonly grace?: string | number;
}

/** How a repeatable row recurs: a fixed cadence, or a cron pattern read in an IANA zone. */
export type RepeatSpec = ({ every: string | number } | { cron: string; tz?: string }) &
  MissedPolicy;

/** Normalised repeat columns. */
export interface RepeatColumns {
  repeat_every_ms: number | null;
  repeat_cron: string | null;
  repeat_tz: string | null;
  /** `skip`, or null for the default `run-once`. */
  repeat_on_missed: OnMissed | null;
  /** Null: {@link DEFAULT_JOB_GRACE_MS}. */
  repeat_grace_ms: number | null;
}

/** Most skipped instants listed per settle: the ledger keeps no more per job anyway. */
export const MAX_LISTED_SKIPS = 100;

/** Largest number of skipped cron occurrences counted one by one (the rest is not enumerated). */
const MAX_COUNTED_CRON_SKIPS = 100_000;

/** The queue row's repeat columns for a repeat spec (all null for a one-shot command). */
export function repeatColumns(repeat: RepeatSpec | undefined): RepeatColumns {
  if (!repeat) {
    return {
      repeat_every_ms: null,
      repeat_cron: null,
      repeat_tz: null,
      repeat_on_missed: null,
      repeat_grace_ms: null,
    };
  }
  const policy = missedColumns(repeat);
  if ('every' in repeat) {
    return {
      repeat_every_ms: parseDuration(repeat.every, 'repeat.every'),
      repeat_cron: null,
      repeat_tz: null,
      ...policy,
    };
  }
  // Constructing validates the pattern and the zone; a bad one fails at enqueue, not at run.
  new Cron(repeat.cron, { timezone: repeat.tz, paused: true });
  return {
    repeat_every_ms: null,
    repeat_cron: repeat.cron,
    repeat_tz: repeat.tz ?? null,
    ...policy,
  };
}

function missedColumns(
  policy: MissedPolicy,
): Pick<RepeatColumns, 'repeat_on_missed' | 'repeat_grace_ms'> {
  const onMissed = policy.onMissed ?? 'run-once';
  if (!ON_MISSED.includes(onMissed)) {
    throw new InvalidArgumentError('repeat.onMissed', 'must be "run-once" or "skip"');
  }
  return {
    repeat_on_missed: onMissed === 'run-once' ? null : onMissed,
    repeat_grace_ms:
      policy.grace === undefined ? null : parseDuration(policy.grace, 'repeat.grace'),
  };
}

/** How late a run of the row may start and still be on time, in ms. */
export function graceMsOf(columns: RepeatColumns): number {
  return columns.repeat_grace_ms === null ? DEFAULT_JOB_GRACE_MS : Number(columns.repeat_grace_ms);
}

/** The next occurrence after a run and how many occurrences were skipped to get there. */
export interface NextOccurrence {
  nextMs: number;
  skipped: number;
  /** The last {@link MAX_LISTED_SKIPS} (at most) of the skipped instants, oldest first. */
  skippedMs: number[];
}

/**
 * After a run meant for `scheduledMs` finishing at `nowMs`: the first occurrence strictly after
 * `nowMs`, and how many occurrences in between were never run (downtime collapses into ONE run;
 * the rest are counted, not replayed). Fixed cadences stay on their grid.
 */
export function nextOccurrence(
  columns: RepeatColumns,
  scheduledMs: number,
  nowMs: number,
): NextOccurrence {
  if (columns.repeat_every_ms !== null) {
    const every = Number(columns.repeat_every_ms);
    const steps = Math.max(1, Math.floor((nowMs - scheduledMs) / every) + 1);
    const listed = Math.min(steps - 1, MAX_LISTED_SKIPS);
    const skippedMs = Array.from(
      { length: listed },
      (_, i) => scheduledMs + (steps - listed + i) * every,
    );
    return { nextMs: scheduledMs + steps * every, skipped: steps - 1, skippedMs };
  }
  if (columns.repeat_cron !== null) {
    const cron = new Cron(columns.repeat_cron, {
      timezone: columns.repeat_tz ?? 'UTC',
      paused: true,
    });
    let skipped = 0;
    const skippedMs: number[] = [];
    let cursor = cron.nextRun(new Date(scheduledMs));
    while (cursor && cursor.getTime() <= nowMs && skipped < MAX_COUNTED_CRON_SKIPS) {
      skipped++;
      skippedMs.push(cursor.getTime());
      if (skippedMs.length > MAX_LISTED_SKIPS) {
        skippedMs.shift();
      }
      cursor = cron.nextRun(cursor);
    }
    if (cursor && cursor.getTime() <= nowMs) {
      cursor = cron.nextRun(new Date(nowMs));
    }
    if (!cursor) {
      throw new Error(`cron pattern "${columns.repeat_cron}" has no future occurrence`);
    }
    return { nextMs: cursor.getTime(), skipped, skippedMs };
  }
  throw new Error('row is not repeatable');
}

/** First occurrence of a cron pattern at or after `fromMs` (used when a job is registered). */
export function firstCronOccurrence(columns: RepeatColumns, fromMs: number): number {
  const cron = new Cron(columns.repeat_cron ?? '', {
    timezone: columns.repeat_tz ?? 'UTC',
    paused: true,
  });
  const next = cron.nextRun(new Date(fromMs - 1));
  if (!next) {
    throw new Error(`cron pattern "${columns.repeat_cron}" has no future occurrence`);
  }
  return next.getTime();
}
