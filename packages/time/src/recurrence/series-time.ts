import {
  formatLocalDateTime,
  fromLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
} from '@tickler/core/domain';
import { type CivilDate } from './civil-date';
import { type RRuleParts } from './rrule-parts';

/** A wall-clock time of day a series fires at. */
export interface SeriesTime {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

/** One occurrence of a series: its instant and how the zone's clock showed it. */
export interface Occurrence {
  /** The instant, `toIsoUtc` text. */
  readonly instant: string;
  /** Wall-clock time in the series' zone at the instant, `2026-03-29T03:30:00`. */
  readonly local: string;
  /** UTC offset in force then, `+02:00`. */
  readonly offset: string;
  /** The wall-clock time the rule asked for; differs from `local` only after a DST gap. */
  readonly intended: string;
  /** Minutes `intended` was moved forward because it did not exist that day (0: it existed). */
  readonly gapShiftMinutes: number;
  /** `intended` happened twice that day (clocks went back); this is the first, the only one fired. */
  readonly repeated: boolean;
}

/**
 * The times of day a series fires at, ascending: BYHOUR × BYMINUTE when given, each
 * defaulting to the start's wall-clock hour / minute; seconds and milliseconds from the start.
 */
export function seriesTimes(parts: RRuleParts, start: LocalDateTime): SeriesTime[] {
  const hours = parts.byHour.length > 0 ? parts.byHour : [start.hour];
  const minutes = parts.byMinute.length > 0 ? parts.byMinute : [start.minute];
  return hours.flatMap((hour) =>
    minutes.map((minute) => ({
      hour,
      minute,
      second: start.second,
      millisecond: start.millisecond,
    })),
  );
}

/**
 * The occurrence for `time` on local `date` in `timeZone`, by the zone policy of
 * `fromLocalDateTime` (gap → forward, repeated → first); null past 9999 UTC.
 */
export function occurrenceAt(
  date: CivilDate,
  time: SeriesTime,
  timeZone: string,
): Occurrence | null {
  const intended: LocalDateTime = { ...date, ...time };
  try {
    const resolved = fromLocalDateTime(intended, timeZone);
    return {
      instant: resolved.instant,
      local: formatLocalDateTime(resolved.local),
      offset: resolved.offset,
      intended: formatLocalDateTime(intended),
      gapShiftMinutes: resolved.gapShiftMinutes,
      repeated: resolved.repeated,
    };
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      return null;
    }
    throw error;
  }
}
