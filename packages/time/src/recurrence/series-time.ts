import {
  fixedOffsetAround,
  formatLocalDateTime,
  fromLocalTimesOfDay,
  resolvedAtOffset,
  type LocalDateTime,
  type LocalResolution,
} from '@tickler/core/domain';
import { type CivilDate } from './civil-date';
import { type RRuleParts } from './rrule-parts';

const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');

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

function occurrenceOf(resolved: LocalResolution, intended: LocalDateTime): Occurrence {
  return {
    instant: resolved.instant,
    local: formatLocalDateTime(resolved.local),
    offset: resolved.offset,
    intended: formatLocalDateTime(intended),
    gapShiftMinutes: resolved.gapShiftMinutes,
    repeated: resolved.repeated,
  };
}

/** An instant a day picks, its {@link Occurrence} made only when asked for. */
export interface DayCandidate {
  /** The instant, epoch ms. */
  readonly ms: number;
  readonly occurrence: () => Occurrence;
}

/** The instants one local day picks (see {@link candidatesOfDay}). */
export interface DayCandidates {
  /**
   * True when the day has one UTC offset throughout: its instants come in the order of its
   * times and all lie before the next local day's first instant, so a walk may give each out
   * as soon as it is made.
   */
  readonly inOrder: boolean;
  /** Made one at a time, in the order of `times` (none past 9999 UTC). */
  readonly candidates: Iterable<DayCandidate>;
}

const msOfDay = (t: SeriesTime): number =>
  ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.millisecond;

function* atOffset(
  date: CivilDate,
  times: readonly SeriesTime[],
  offset: number,
  afterMs: number,
): Generator<DayCandidate> {
  const dayStartMs = Date.UTC(date.year, date.month - 1, date.day) - offset;
  // Times ascend and the offset is one: their instants ascend, so the first one after afterMs
  // is found by halving, and only the ones after it are made.
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const time = times[middle];
    if (time !== undefined && dayStartMs + msOfDay(time) <= afterMs) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  for (let i = low; i < times.length; i++) {
    const time = times[i];
    if (time === undefined) {
      return;
    }
    const ms = dayStartMs + msOfDay(time);
    if (ms > LAST_MS) {
      return;
    }
    yield {
      ms,
      occurrence: () => {
        const intended: LocalDateTime = { ...date, ...time };
        return occurrenceOf(resolvedAtOffset(intended, ms), intended);
      },
    };
  }
}

function* oneByOne(
  date: CivilDate,
  times: readonly SeriesTime[],
  timeZone: string,
): Generator<DayCandidate> {
  for (const time of times) {
    const [one] = fromLocalTimesOfDay(date, [time], timeZone);
    if (one !== undefined) {
      yield {
        ms: Date.parse(one.instant),
        occurrence: () => occurrenceOf(one, { ...date, ...time }),
      };
    }
  }
}

/**
 * The instants after `afterMs` of every time in `times` (ascending) on local `date` (the
 * instants of a day near an offset change are all given), by the zone policy of
 * `fromLocalDateTime` (gap → forward, repeated → first): on a day with one UTC offset
 * (`fixedOffsetAround`, all but a few days a year) each is arithmetic, made when asked for; near
 * a change each goes through Temporal. An occurrence's texts are made only for those a walk
 * gives out.
 */
export function candidatesOfDay(
  date: CivilDate,
  times: readonly SeriesTime[],
  timeZone: string,
  afterMs: number,
): DayCandidates {
  const offset = fixedOffsetAround(date, timeZone);
  return offset === undefined
    ? { inOrder: false, candidates: oneByOne(date, times, timeZone) }
    : { inOrder: true, candidates: atOffset(date, times, offset, afterMs) };
}
