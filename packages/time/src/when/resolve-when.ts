import {
  assertTimeZone,
  formatLocalDateTime,
  fromLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
  parseDuration,
  parseInstant,
  parseTimeOfDay,
  toIsoUtc,
  toLocalDateTime,
  wallClockMs,
} from '@tickler/core/domain';
// English only (what `chrono.parse` of the package root is: its `casual` is this locale's): the
// root also loads the 15 other locales, 215 more modules at every daemon and CLI start-up.
import * as chrono from 'chrono-node/en';
import { bareHourOf, nearestDaytimeHour } from './bare-hour';

/** Time of day for a day named without one ("tomorrow", "friday", "2026-12-24"). */
export const DEFAULT_TIME_OF_DAY = '09:00';
/** Longest `when` text read. */
export const WHEN_MAX_LENGTH = 200;

/** How {@link resolveWhen} reads text. */
export interface ResolveWhenOptions {
  /** IANA zone the text's wall-clock times are in, e.g. `Europe/Berlin`. */
  readonly timeZone: string;
  /** The current instant (RFC 3339), from the Clock: "tomorrow" and "in 2 hours" count from it. */
  readonly now: string;
  /** `HH:MM` used when the text names a day but no time. Default {@link DEFAULT_TIME_OF_DAY}. */
  readonly defaultTime?: string;
  /** Field named in errors. Default `when`. */
  readonly field?: string;
}

/** What a `when` text resolved to (plain data: the body of `POST /v1/time/parse`). */
export interface ResolvedWhen {
  /** The instant, `toIsoUtc` text. */
  readonly instant: string;
  /** The zone the text was read in (canonical spelling). */
  readonly timeZone: string;
  /** Wall-clock time in that zone at the instant, `2026-12-05T09:00:00`. */
  readonly local: string;
  /** UTC offset then, `+01:00`. */
  readonly offset: string;
  /**
   * `instant`: the text named an exact instant (ISO 8601 with an offset, "5pm EST");
   * `from-now`: a duration from now ("in 2 hours", "90m"), exact elapsed time;
   * `local`: a wall-clock time in the zone ("tomorrow 9am", "next friday 17:00").
   */
  readonly readAs: 'instant' | 'from-now' | 'local';
  /** Minutes a local time was moved forward because it fell into a DST gap (0: it existed). */
  readonly gapShiftMinutes: number;
  /** The local time happened twice (clocks went back); the instant is the first. */
  readonly repeated: boolean;
  /** The text named a day without a time, so the default time of day was used. */
  readonly defaultTimeApplied: boolean;
}

const RFC3339_SHAPE =
  /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const DURATION_SHAPE = /^(?:\d+(?:\.\d+)?\s*(?:ms|w|d|h|m|s)\b.*|P[\dT].*)$/i;
const BARE_NUMBER = /^\d+(?:\.\d+)?$/;
// Casual words that carry their own time of day: keep chrono's ("tonight" = 22:00).
const CASUAL_TIMES = ['morning', 'afternoon', 'evening', 'tonight', 'midnight', 'noon', 'now'].map(
  (word) => `casualReference/${word}`,
);
const EXAMPLES = '"tomorrow 9am", "in 2 hours", "next friday 17:00", "90m" or 2026-12-01T09:00:00Z';

function readText(text: unknown, field: string): string {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new InvalidArgumentError(field, `must say when, e.g. ${EXAMPLES}`);
  }
  const trimmed = text.trim();
  if (trimmed.length > WHEN_MAX_LENGTH || /\p{Cc}/u.test(trimmed)) {
    throw new InvalidArgumentError(
      field,
      `must be one line of at most ${WHEN_MAX_LENGTH} characters`,
    );
  }
  return trimmed;
}

/** An exact instant, as the text gave it: the wall clock in the zone is only reported. */
function exact(instant: string, timeZone: string, readAs: 'instant' | 'from-now'): ResolvedWhen {
  const zoned = toLocalDateTime(instant, timeZone);
  return {
    instant,
    timeZone,
    local: formatLocalDateTime(zoned.local),
    offset: zoned.offset,
    readAs,
    gapShiftMinutes: 0,
    repeated: false,
    defaultTimeApplied: false,
  };
}

/**
 * Reads `when` text the way a person means it, in `options.timeZone`, always looking forward:
 *
 * - an RFC 3339 instant with an offset (`2026-12-01T09:00:00Z`) is that instant;
 * - a duration with a unit (`90m`, `1h30m`, `PT2H`) or "in 2 hours" / "2 hours from now" is
 *   that much elapsed time from `now` (across a DST change too);
 * - anything else is a wall-clock time in the zone, by chrono-node, resolved by the DST policy
 *   (a time in a gap moves forward and says so; a repeated time is the first):
 *   "tomorrow 9am", "friday 18:00" (the coming Friday; today if 18:00 is still ahead),
 *   "next friday" (the Friday of next week), "in 3 days" (same time of day, 3 days on).
 *   A day named without a time ("tomorrow", "friday", "2026-12-24") is at `defaultTime`
 *   (09:00), not "this time tomorrow"; a weekday alone whose 09:00 has passed today is next
 *   week's. Casual times keep chrono's hours ("tonight" 22:00, "tomorrow morning" 06:00).
 *
 * Refused, as {@link InvalidArgumentError} on `field`: text only partly understood ("tomorrow
 * at noon blah"), a bare number ("5": minutes? 5 pm?), and anything not after `now`.
 */
export function resolveWhen(text: unknown, options: ResolveWhenOptions): ResolvedWhen {
  const field = options.field ?? 'when';
  const timeZone = assertTimeZone(options.timeZone, 'timeZone');
  const now = parseInstant(options.now, 'now');
  const defaultTime = parseTimeOfDay(options.defaultTime ?? DEFAULT_TIME_OF_DAY, 'defaultTime');
  const trimmed = readText(text, field);
  const resolved = resolveText(trimmed, { field, timeZone, now, defaultTime });
  if (resolved.instant <= now) {
    throw new InvalidArgumentError(
      field,
      `"${trimmed}" is ${resolved.local} ${timeZone} (${resolved.instant}), which is not in the future`,
    );
  }
  return resolved;
}

interface Reading {
  readonly field: string;
  readonly timeZone: string;
  readonly now: string;
  readonly defaultTime: { hour: number; minute: number };
}

function resolveText(text: string, reading: Reading): ResolvedWhen {
  const { field, timeZone, now } = reading;
  if (RFC3339_SHAPE.test(text)) {
    return exact(parseInstant(text, field), timeZone, 'instant');
  }
  const hour = bareHourOf(text);
  if (hour !== undefined) {
    // "at four": the nearest future four o'clock in daytime, not chrono's 04:00 tomorrow.
    const at = nearestDaytimeHour(hour, now, timeZone, field);
    return {
      ...at,
      timeZone,
      readAs: 'local',
      defaultTimeApplied: false,
    };
  }
  if (BARE_NUMBER.test(text)) {
    throw new InvalidArgumentError(
      field,
      `"${text}" has no unit: write e.g. ${text}m (from now) or ${text}pm`,
    );
  }
  if (DURATION_SHAPE.test(text)) {
    try {
      return exact(toIsoUtc(Date.parse(now) + parseDuration(text, field)), timeZone, 'from-now');
    } catch {
      // Not a duration after all ("9am"): read it as words.
    }
  }
  return resolveWords(text, reading);
}

function resolveWords(text: string, reading: Reading): ResolvedWhen {
  const { field, timeZone, now } = reading;
  // chrono reads wall-clock times; give it the zone's wall clock as if it were UTC, so the
  // server's own zone never enters (see docs/time.md).
  const floatingNow = wallClockMs(toLocalDateTime(now, timeZone).local);
  const results = chrono.parse(
    text,
    { instant: new Date(floatingNow), timezone: 0 },
    { forwardDate: true },
  );
  const [first] = results;
  if (!first) {
    throw new InvalidArgumentError(
      field,
      `cannot understand "${text}" as a time (try ${EXAMPLES})`,
    );
  }
  if (results.length > 1 || first.index !== 0 || first.text.length !== text.length) {
    throw new InvalidArgumentError(
      field,
      `understood only "${first.text}" of "${text}"; rephrase it`,
    );
  }
  const tags = first.tags();
  // Durations and "now" carry the reference's offset (0 here), not one the text named.
  if (tags.has('result/relativeDateAndTime') || tags.has('casualReference/now')) {
    return exact(
      toIsoUtc(Date.parse(now) + first.date().getTime() - floatingNow),
      timeZone,
      'from-now',
    );
  }
  if (first.start.isCertain('timezoneOffset')) {
    return exact(toIsoUtc(first.date().getTime()), timeZone, 'instant');
  }
  const start = first.start;
  const component = (name: chrono.Component): number => start.get(name) ?? 0;
  const namesTime = start.isCertain('hour') || CASUAL_TIMES.some((tag) => tags.has(tag));
  const useDefault = !namesTime && !tags.has('result/relativeDate');
  let local: LocalDateTime = {
    year: component('year'),
    month: component('month'),
    day: component('day'),
    hour: useDefault ? reading.defaultTime.hour : component('hour'),
    minute: useDefault ? reading.defaultTime.minute : component('minute'),
    second: useDefault ? 0 : component('second'),
    millisecond: useDefault ? 0 : component('millisecond'),
  };
  let resolved = fromLocalDateTime(local, timeZone, field);
  const weekdayOnly = start.isCertain('weekday') && !start.isCertain('day');
  if (useDefault && weekdayOnly && resolved.instant <= now) {
    // chrono chose today's date by its own noon; at our default time today has passed.
    const nextWeek = new Date(wallClockMs(local) + 7 * 86_400_000);
    local = {
      ...local,
      year: nextWeek.getUTCFullYear(),
      month: nextWeek.getUTCMonth() + 1,
      day: nextWeek.getUTCDate(),
    };
    resolved = fromLocalDateTime(local, timeZone, field);
  }
  return {
    instant: resolved.instant,
    timeZone,
    local: formatLocalDateTime(resolved.local),
    offset: resolved.offset,
    readAs: 'local',
    gapShiftMinutes: resolved.gapShiftMinutes,
    repeated: resolved.repeated,
    defaultTimeApplied: useDefault,
  };
}
