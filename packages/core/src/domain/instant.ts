import { InvalidArgumentError } from './domain-error';

/**
 * Stored instants are ISO-8601 UTC text exactly as `Date.prototype.toISOString()` writes it:
 * fixed width and zero-padded, so string order is time order and due predicates compare text.
 */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * RFC 3339 date-time: full date, `T` (or `t`/space per the RFC's note), time with optional
 * fraction, and a mandatory offset (`Z` or `±HH:MM`). A time without an offset is ambiguous.
 */
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Latest instant we store: keeps the four-digit year (and therefore text order) intact. */
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const MIN_MS = Date.UTC(1970, 0, 1);

/**
 * The last instant written and its text: the clock's `now` is written several times per request
 * (authentication, the command, the wake-up) and by every call of a group commit, mostly within
 * the same millisecond, and `Date#toISOString` allocates a Date and formats each time.
 */
let lastMs = Number.NaN;
let lastText = '';

/** The only writer of stored instants. Accepts a Date or epoch milliseconds. */
export function toIsoUtc(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (ms === lastMs) {
    return lastText;
  }
  if (!Number.isFinite(ms) || ms < MIN_MS || ms > MAX_MS) {
    throw new RangeError(`instant out of storable range: ${String(ms)}`);
  }
  lastText = new Date(ms).toISOString();
  lastMs = ms;
  return lastText;
}

/** True when `text` is exactly in the stored form (what the time-column check asserts). */
export function isIsoUtc(text: string): boolean {
  if (!ISO_UTC.test(text)) {
    return false;
  }
  const ms = Date.parse(text);
  return Number.isFinite(ms) && new Date(ms).toISOString() === text;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of `year`, proleptic Gregorian like `Date`. */
function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** The number written by `text`'s ASCII digits from `start` to `end` (shape checked by the caller). */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    n = n * 10 + text.charCodeAt(i) - 48;
  }
  return n;
}

/**
 * `text` is exactly the stored form of an instant in the storable range: a real calendar date
 * from 1970 on and a time of day without 24:00 or a leap second, in the fixed layout. Such text
 * is what `toIsoUtc` writes for that instant. Anything else takes the general path, which
 * names the problem.
 */
function isStoredForm(text: string): boolean {
  if (text.length !== 24 || !ISO_UTC.test(text)) {
    return false;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  return (
    year >= 1970 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    digits(text, 11, 13) <= 23 &&
    digits(text, 14, 16) <= 59 &&
    digits(text, 17, 19) <= 59
  );
}

/**
 * Epoch milliseconds of a UTC calendar time, for any four-digit year: `Date.UTC` reads years
 * 0–99 as 1900–1999 (so `0070-06-01` would become 1970-06-01), `setUTCFullYear` does not.
 */
function utcMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  millis: number,
): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.setUTCHours(hour, minute, second, millis);
}

/** Epoch milliseconds of a stored instant. */
export function msOf(stored: string): number {
  return Date.parse(stored);
}

/**
 * Parses RFC 3339 text with any offset and returns the stored form. Rejects anything else
 * with an error naming `field`: missing offsets, `24:00`, leap seconds (`:60`, which
 * `Date` cannot represent), impossible dates, years outside 1970–9999.
 */
export function parseInstant(text: unknown, field = 'instant'): string {
  if (typeof text !== 'string') {
    throw new InvalidArgumentError(field, 'must be an RFC 3339 date-time string');
  }
  if (isStoredForm(text)) {
    // Already what this function returns (most callers send `toISOString()` text): checked
    // field by field instead of the general parse (~1.5 µs per instant, twice per send).
    return text;
  }
  const m = RFC3339.exec(text);
  if (!m) {
    throw new InvalidArgumentError(
      field,
      `"${text.slice(0, 64)}" is not an RFC 3339 date-time with an offset (e.g. 2026-09-10T08:30:00Z or 2026-09-10T10:30:00+02:00)`,
    );
  }
  const [, y, mo, d, h, mi, s, frac, , sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    throw new InvalidArgumentError(field, `"${text}" is not a calendar date`);
  }
  if (hour > 23 || minute > 59) {
    throw new InvalidArgumentError(
      field,
      `"${text}" has an out-of-range time of day (24:00 is not accepted)`,
    );
  }
  if (second > 59) {
    throw new InvalidArgumentError(field, `"${text}" has a leap second, which cannot be stored`);
  }
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  if (sign && (Number(oh) > 23 || Number(om) > 59)) {
    throw new InvalidArgumentError(field, `"${text}" has an invalid UTC offset`);
  }
  const millis = frac ? Math.floor(Number(`0${frac}`) * 1000) : 0;
  const ms = utcMs(year, month, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  if (ms < MIN_MS || ms > MAX_MS) {
    throw new InvalidArgumentError(
      field,
      `"${text}" is outside the supported range (1970–9999 UTC)`,
    );
  }
  return new Date(ms).toISOString();
}
