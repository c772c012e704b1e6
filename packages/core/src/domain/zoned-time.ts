import { Temporal } from '@js-temporal/polyfill';
import { InvalidArgumentError } from './domain-error';
import { toIsoUtc } from './instant';
import {
  checkedLocalDateTime,
  type LocalDateTime,
  localDateTimeOf,
  wallClockMs,
} from './local-date-time';

/**
 * The one place where instants meet IANA time zones. Everything else stores and compares
 * `toIsoUtc` text; a wall-clock time is turned into an instant only here, so the daylight-saving
 * policy is written once:
 *
 * - a local time that does not exist (clocks jump forward) moves forward by the length of the
 *   gap — 02:30 on a night that skips 02:00–03:00 becomes 03:30 — and says so
 *   (`gapShiftMinutes`);
 * - a local time that happens twice (clocks fall back) means the first of the two, and says so
 *   (`repeated`).
 *
 * That is exactly Temporal's `disambiguation: 'compatible'` (also what RFC 5545 and most
 * calendars do). Zone data comes from the runtime's ICU (`process.versions.tz`).
 */

/** Letters first; then letters, digits and `_ + - /` (IANA names: `America/Port-au-Prince`, `Etc/GMT+5`). */
const ZONE_TEXT = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const OFFSET_TEXT = /^(?:UTC|GMT)?\s*[+-]\d/i;

/** Accepted names → canonical spelling. Only canonical spellings are kept, so it stays tzdb-sized. */
const knownZones = new Map<string, string>();

/** A wall-clock time in a zone, with the UTC offset in force there and then. */
export interface ZonedLocal {
  readonly local: LocalDateTime;
  /** `+02:00`, `-03:00`, `+05:45`. */
  readonly offset: string;
}

/** How a wall-clock time in a zone was resolved to an instant. */
export interface LocalResolution extends ZonedLocal {
  /** The instant, as `toIsoUtc` writes it. */
  readonly instant: string;
  /**
   * Minutes the requested local time was moved forward because it fell into a DST gap (0 when
   * it existed). When not 0, {@link ZonedLocal.local} is the moved time, not the requested one.
   */
  readonly gapShiftMinutes: number;
  /** The requested local time happened twice (clocks fell back); the instant is the first one. */
  readonly repeated: boolean;
}

/**
 * The canonical spelling of an IANA time zone name (`europe/berlin` → `Europe/Berlin`), or an
 * {@link InvalidArgumentError} naming `field` for anything else: unknown names, and UTC
 * offsets such as `+02:00` — an offset is not a time zone, it cannot follow a DST change.
 */
export function assertTimeZone(value: unknown, field = 'timeZone'): string {
  if (typeof value === 'string') {
    const known = knownZones.get(value);
    if (known !== undefined) {
      return known;
    }
    if (OFFSET_TEXT.test(value)) {
      throw new InvalidArgumentError(
        field,
        `"${value.slice(0, 16)}" is a UTC offset, not a time zone (an offset cannot follow daylight saving time); give an IANA name such as Europe/Berlin`,
      );
    }
    if (ZONE_TEXT.test(value)) {
      try {
        const canonical =
          Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(value).timeZoneId;
        if (canonical === value) {
          knownZones.set(value, canonical);
        }
        return canonical;
      } catch {
        // Fall through to the error below.
      }
    }
  }
  const shown = typeof value === 'string' ? `"${value.slice(0, 64)}" is not` : 'must be';
  throw new InvalidArgumentError(
    field,
    `${shown} an IANA time zone name such as Europe/Berlin, America/New_York or UTC`,
  );
}

/** True when {@link assertTimeZone} accepts `value`. */
export function isTimeZone(value: unknown): boolean {
  try {
    assertTimeZone(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall-clock fields of a zoned value, read through ONE plain date-time: each getter of a
 * polyfilled ZonedDateTime asks the zone database again, seven times as slow as this.
 */
function localOf(zoned: Temporal.ZonedDateTime | Temporal.PlainDateTime): LocalDateTime {
  return localDateTimeOf(zoned instanceof Temporal.ZonedDateTime ? zoned.toPlainDateTime() : zoned);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * `+05:45` for the offset between a wall-clock time and the instant it shows: computed from
 * the two instead of asking the zone database a third time (the polyfill's `offset` does).
 */
export function offsetText(local: LocalDateTime, epochMs: number): string {
  const seconds = Math.round((wallClockMs(local) - epochMs) / 1000);
  const abs = Math.abs(seconds);
  const text = `${seconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}`;
  return abs % 60 === 0 ? text : `${text}:${pad(abs % 60)}`;
}

/** The wall-clock time shown in `timeZone` at a stored instant (`toIsoUtc` text). */
export function toLocalDateTime(instant: string, timeZone: string): ZonedLocal {
  const epochMs = Date.parse(instant);
  const local = localOf(
    Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(assertTimeZone(timeZone)),
  );
  return { local, offset: offsetText(local, epochMs) };
}

/**
 * The instant at which `timeZone`'s clocks show `local`, by the policy above (gap → moved
 * forward by the gap; repeated → the first). A date-time that is not on the calendar, or an
 * instant outside 1970–9999 UTC, is an {@link InvalidArgumentError} naming `field`.
 */
export function fromLocalDateTime(
  local: LocalDateTime,
  timeZone: string,
  field = 'localDateTime',
): LocalResolution {
  const zone = assertTimeZone(timeZone);
  let plain: Temporal.PlainDateTime;
  try {
    plain = Temporal.PlainDateTime.from(local, { overflow: 'reject' });
  } catch {
    return fromLocalDateTime(checkedLocalDateTime(local, field), zone, field); // names the field
  }
  // 'earlier' and 'later' agree unless the time is in a gap (they straddle it) or repeated
  // (both exist); 'compatible' is 'later' in a gap and 'earlier' when repeated.
  const earlier = plain.toZonedDateTime(zone, { disambiguation: 'earlier' });
  const later = plain.toZonedDateTime(zone, { disambiguation: 'later' });
  const ambiguous = earlier.epochMilliseconds !== later.epochMilliseconds;
  const laterPlain = ambiguous ? later.toPlainDateTime() : plain;
  const inGap = ambiguous && !laterPlain.equals(plain);
  const chosen = inGap ? later : earlier;
  let instant: string;
  try {
    instant = toIsoUtc(chosen.epochMilliseconds);
  } catch {
    throw new InvalidArgumentError(field, 'is outside the supported range (1970–9999 UTC)');
  }
  const shown = localOf(inGap ? laterPlain : plain);
  return {
    instant,
    local: shown,
    offset: offsetText(shown, chosen.epochMilliseconds),
    // The gap's length is how far the wall clock moved: the shown time minus the asked one.
    gapShiftMinutes: inGap ? Math.round((wallClockMs(shown) - wallClockMs(local)) / 60_000) : 0,
    repeated: ambiguous && !inGap,
  };
}
