import { Temporal } from '@js-temporal/polyfill';
import { assertTimeZone, isTimeZone } from '@tickler/core/domain';
import ICAL from 'ical.js';

/** Wall-clock fields of a date-time (months 1-based). */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/**
 * How the wall-clock times of one property become instants: an IANA zone (through Temporal,
 * by the DST policy of docs/time.md), the file's own VTIMEZONE (through ical.js), or UTC.
 */
export type ResolvedZone =
  | { readonly kind: 'iana'; readonly name: string }
  | { readonly kind: 'vtimezone'; readonly zone: ICAL.Timezone }
  | { readonly kind: 'utc' };

/** Wall-clock fields as if they were UTC: for ordering local times and date arithmetic. */
export function wallMs(t: WallClock): number {
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
}

/** The wall clock of `ms` read as UTC fields (the inverse of {@link wallMs}). */
export function wallOf(ms: number): WallClock {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The IANA name a TZID stands for, if any: IANA names themselves (Google's and Apple's exports),
 * the Mozilla/Lightning form `/mozilla.org/20050126_1/Europe/Berlin`, and a leading `/`.
 * Outlook's Windows names (`W. Europe Standard Time`) are not IANA names: their VTIMEZONE decides.
 */
export function ianaNameOf(tzid: string): string | null {
  const candidates = [tzid, tzid.replace(/^\/+/, '')];
  const parts = tzid.split('/').filter((p) => p !== '');
  for (let take = Math.min(3, parts.length); take >= 1; take--) {
    candidates.push(parts.slice(-take).join('/'));
  }
  for (const candidate of candidates) {
    if (candidate.length <= 64 && isTimeZone(candidate)) {
      return assertTimeZone(candidate);
    }
  }
  return null;
}

/** ical.js keeps a TZID it could not resolve in `timezone` (untyped). */
export type TimeWithTzid = ICAL.Time & { timezone?: string };

/** The TZID an ical.js time was written with and not resolved, if any. */
export function tzidOf(time: ICAL.Time): string | undefined {
  return (time as TimeWithTzid).timezone;
}

/** Converts between wall clocks and instants, with a fall-back zone for floating times. */
export class ZoneClock {
  /** TZIDs that were neither IANA names nor defined in the file: read in the fall-back zone. */
  readonly unknownZones = new Set<string>();
  private readonly fallback: ResolvedZone;

  constructor(fallbackZone: string) {
    this.fallback = { kind: 'iana', name: fallbackZone };
  }

  /** The zone of an ical.js date-time (UTC, its TZID, or the fall-back when floating or unknown). */
  zoneOf(time: ICAL.Time): ResolvedZone {
    if (time.zone === ICAL.Timezone.utcTimezone) {
      return { kind: 'utc' };
    }
    const defined = time.zone !== undefined && time.zone !== ICAL.Timezone.localTimezone;
    const tzid = tzidOf(time) ?? (defined ? time.zone.tzid : undefined);
    if (tzid === undefined || tzid === '') {
      return this.fallback;
    }
    const iana = ianaNameOf(tzid);
    if (iana !== null) {
      return iana === 'UTC' ? { kind: 'utc' } : { kind: 'iana', name: iana };
    }
    if (defined && time.zone.component) {
      return { kind: 'vtimezone', zone: time.zone };
    }
    this.unknownZones.add(tzid.slice(0, 64));
    return this.fallback;
  }

  /** The instant (epoch ms) a wall clock shows in a zone; a time in a DST gap moves forward. */
  toUtcMs(local: WallClock, zone: ResolvedZone): number {
    switch (zone.kind) {
      case 'utc':
        return wallMs(local);
      case 'iana':
        return Temporal.PlainDateTime.from(local, { overflow: 'constrain' }).toZonedDateTime(
          zone.name,
          { disambiguation: 'compatible' },
        ).epochMilliseconds;
      case 'vtimezone': {
        const time = new ICAL.Time({ ...local, isDate: false }, zone.zone);
        return time.toUnixTime() * 1000;
      }
    }
  }

  /** The wall clock a zone shows at an instant (epoch ms). */
  toWall(ms: number, zone: ResolvedZone): WallClock {
    switch (zone.kind) {
      case 'utc':
        return wallOf(ms);
      case 'iana': {
        const z = Temporal.Instant.fromEpochMilliseconds(ms)
          .toZonedDateTimeISO(zone.name)
          .toPlainDateTime();
        return {
          year: z.year,
          month: z.month,
          day: z.day,
          hour: z.hour,
          minute: z.minute,
          second: z.second,
        };
      }
      case 'vtimezone': {
        const utc = ICAL.Time.fromData({ ...wallOf(ms), isDate: false }, ICAL.Timezone.utcTimezone);
        const local = utc.convertToZone(zone.zone);
        return {
          year: local.year,
          month: local.month,
          day: local.day,
          hour: local.hour,
          minute: local.minute,
          second: local.second,
        };
      }
    }
  }

  /** The instant of an ical.js date-time in its own zone. */
  utcMsOf(time: ICAL.Time): number {
    return this.toUtcMs(wallClockOf(time), this.zoneOf(time));
  }
}

/** The wall-clock fields of an ical.js time (a date reads as its midnight). */
export function wallClockOf(time: ICAL.Time): WallClock {
  return {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
}
