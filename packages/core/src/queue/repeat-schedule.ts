import { Cron } from 'croner';
import { parseDuration } from '../domain';

/** How a repeatable row recurs: a fixed cadence, or a cron pattern read in an IANA zone. */
export type RepeatSpec = { every: string | number } | { cron: string; tz?: string };

/** Normalised repeat columns. */
export interface RepeatColumns {
  repeat_every_ms: number | null;
  repeat_cron: string | null;
  repeat_tz: string | null;
}

/** Largest number of skipped cron occurrences counted one by one (the rest is not enumerated). */
const MAX_COUNTED_CRON_SKIPS = 100_000;

/** The queue row's repeat columns for a repeat spec (all null for a one-shot command). */
export function repeatColumns(repeat: RepeatSpec | undefined): RepeatColumns {
  if (!repeat) {
    return { repeat_every_ms: null, repeat_cron: null, repeat_tz: null };
  }
  if ('every' in repeat) {
    return {
      repeat_every_ms: parseDuration(repeat.every, 'repeat.every'),
      repeat_cron: null,
      repeat_tz: null,
    };
  }
  // Constructing validates the pattern and the zone; a bad one fails at enqueue, not at run.
  new Cron(repeat.cron, { timezone: repeat.tz, paused: true });
  return { repeat_every_ms: null, repeat_cron: repeat.cron, repeat_tz: repeat.tz ?? null };
}

/** The next occurrence after a run and how many occurrences were skipped to get there. */
export interface NextOccurrence {
  nextMs: number;
  skipped: number;
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
    return { nextMs: scheduledMs + steps * every, skipped: steps - 1 };
  }
  if (columns.repeat_cron !== null) {
    const cron = new Cron(columns.repeat_cron, {
      timezone: columns.repeat_tz ?? 'UTC',
      paused: true,
    });
    let skipped = 0;
    let cursor = cron.nextRun(new Date(scheduledMs));
    while (cursor && cursor.getTime() <= nowMs && skipped < MAX_COUNTED_CRON_SKIPS) {
      skipped++;
      cursor = cron.nextRun(cursor);
    }
    if (cursor && cursor.getTime() <= nowMs) {
      cursor = cron.nextRun(new Date(nowMs));
    }
    if (!cursor) {
      throw new Error(`cron pattern "${columns.repeat_cron}" has no future occurrence`);
    }
    return { nextMs: cursor.getTime(), skipped };
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
