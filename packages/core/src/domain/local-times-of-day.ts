import { InvalidArgumentError } from './domain-error';
import { toIsoUtc } from './instant';
import { type LocalDateTime, localDateTimeOf, wallClockMs } from './local-date-time';
import { assertTimeZone, type LocalResolution, offsetText } from './zoned-time';

// The recurrence expander's fast path to instants: the same answers as fromLocalDateTime
// (zoned-time.ts), checked against it in every zone (zoned-time.day.spec.ts), from ICU offsets
// read a few at a time instead of a Temporal conversion per wall-clock time.

const DAY_MS = 86_400_000;
/** One ICU formatter per zone (tzdb-sized): reading an offset through it costs a few µs. */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's UTC offset in ms (east positive) at an epoch instant, read from ICU as the
 * polyfill itself reads it (the wall clock's fields minus the instant), at a cost of a few µs
 * instead of a Temporal conversion's tens.
 */
function offsetMsAt(timeZone: string, epochMs: number): number {
  let format = offsetFormatters.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, format);
  }
  const field: Record<string, number> = {};
  for (const part of format.formatToParts(epochMs)) {
    field[part.type] = Number(part.value);
  }
  const millisecond = ((epochMs % 1000) + 1000) % 1000;
  const wall = Date.UTC(
    field.year ?? 1970,
    (field.month ?? 1) - 1,
    field.day ?? 1,
    field.hour ?? 0,
    field.minute ?? 0,
    field.second ?? 0,
    millisecond,
  );
  return wall - epochMs;
}

/** Offsets at UTC midnights already read, per zone and epoch day; cleared when it grows large. */
const midnightOffsets = new Map<string, number>();
const MAX_REMEMBERED_OFFSETS = 20_000;

/** The zone's offset at UTC midnight of epoch day `epochDay`, remembered (walks go day by day). */
function offsetAtMidnight(timeZone: string, epochDay: number): number {
  const key = `${timeZone} ${epochDay}`;
  let offset = midnightOffsets.get(key);
  if (offset === undefined) {
    if (midnightOffsets.size >= MAX_REMEMBERED_OFFSETS) {
      midnightOffsets.clear();
    }
    offset = offsetMsAt(timeZone, epochDay * DAY_MS);
    midnightOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The one UTC offset (ms, east positive) the zone's clocks show all through local `date` and a
 * day either side, or undefined when they may change near it (a DST day and its neighbours). The polyfill
 * decides each wall-clock time by the offsets one day before and after it, and assumes one
 * offset when they agree; reading the offset at every UTC midnight from a day before the date
 * to two days after it covers the same window more densely, so a day with one offset resolves
 * every time of it to `wall − offset` — exactly what `fromLocalDateTime` answers, at a
 * fraction of the cost (a walk from day to day reads one new offset per day).
 */
export function fixedOffsetAround(
  date: { readonly year: number; readonly month: number; readonly day: number },
  timeZone: string,
): number | undefined {
  const day = Math.floor(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS);
  const offset = offsetAtMidnight(timeZone, day - 1);
  for (let next = day; next <= day + 2; next++) {
    if (offsetAtMidnight(timeZone, next) !== offset) {
      return undefined;
    }
  }
  return offset;
}

/**
 * The resolution of a wall-clock time on a day {@link fixedOffsetAround} found one offset for,
 * at its instant (`wallClockMs(local) − offset`); a RangeError past 9999 UTC.
 */
export function resolvedAtOffset(local: LocalDateTime, epochMs: number): LocalResolution {
  return {
    instant: toIsoUtc(epochMs),
    local: localDateTimeOf(local),
    offset: offsetText(local, epochMs),
    gapShiftMinutes: 0,
    repeated: false,
  };
}

/**
 * `fromLocalDateTime`'s answer near an offset change, read from ICU offsets the way the
 * polyfill decides it (the offsets a day before and after the wall-clock time; each that maps
 * back to it is a candidate instant; two = repeated, the first wins; none = a gap, moved forward
 * by its length) — a few offset reads instead of a Temporal conversion's tens of µs. The
 * fast-path spec checks it against Temporal in every zone around clock changes.
 */
function resolvedNearChange(local: LocalDateTime, timeZone: string): LocalResolution {
  const wall = wallClockMs(local);
  const before = offsetMsAt(timeZone, wall - DAY_MS);
  const after = offsetMsAt(timeZone, wall + DAY_MS);
  const fits = [...new Set([before, after])]
    .filter((offset) => offsetMsAt(timeZone, wall - offset) === offset)
    .map((offset) => wall - offset)
    .sort((a, b) => a - b);
  const first = fits[0];
  if (first !== undefined) {
    return { ...resolvedAtOffset(local, first), repeated: fits.length > 1 };
  }
  const epochMs = wall - before;
  const shownWall = epochMs + offsetMsAt(timeZone, epochMs);
  const at = new Date(shownWall);
  const shown: LocalDateTime = {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
    millisecond: at.getUTCMilliseconds(),
  };
  return {
    instant: toIsoUtc(epochMs),
    local: shown,
    offset: offsetText(shown, epochMs),
    gapShiftMinutes: Math.round((shownWall - wall) / 60_000),
    repeated: false,
  };
}

/**
 * `fromLocalDateTime` (zoned-time.ts) for several wall-clock times of ONE local date, in the order given:
 * on a day whose offset does not change (all but a few days a year) each costs arithmetic only;
 * near a change a few ICU offset reads. Undefined for a time outside 1970–9999 UTC. The
 * recurrence expander turns a day × its times of day into instants through this.
 */
export function fromLocalTimesOfDay(
  date: { readonly year: number; readonly month: number; readonly day: number },
  times: readonly Pick<LocalDateTime, 'hour' | 'minute' | 'second' | 'millisecond'>[],
  timeZone: string,
): (LocalResolution | undefined)[] {
  const zone = assertTimeZone(timeZone);
  const offset = fixedOffsetAround(date, zone);
  return times.map((time) => {
    const local: LocalDateTime = { ...date, ...time };
    try {
      return offset === undefined
        ? resolvedNearChange(local, zone)
        : resolvedAtOffset(local, wallClockMs(local) - offset);
    } catch (error) {
      // Past 9999 (toIsoUtc's RangeError) or refused by the policy: no instant.
      if (error instanceof InvalidArgumentError || error instanceof RangeError) {
        return undefined;
      }
      throw error;
    }
  });
}
