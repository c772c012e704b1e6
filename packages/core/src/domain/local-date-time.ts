import { Temporal } from '@js-temporal/polyfill';
import { InvalidArgumentError } from './domain-error';

/**
 * A wall-clock date and time with no zone: what a person reads off a clock on the wall
 * (`2026-03-29 02:30`). It becomes an instant only together with an IANA time zone, and then
 * only through {@link fromLocalDateTime} (`./zoned-time`), which owns the daylight-saving rules.
 * Months and days are 1-based; hours 0–23.
 */
export interface LocalDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

/** A local time of day to the minute (`09:00`, `22:30`): quiet hours, default times, BYHOUR. */
export interface TimeOfDay {
  readonly hour: number;
  readonly minute: number;
}

const LOCAL_TEXT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const TIME_OF_DAY_TEXT = /^(\d{1,2}):(\d{2})$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * `2026-03-29T02:30:00`, with `.sss` only when the milliseconds are not zero: the ISO 8601
 * local form (no offset), sortable, and what previews show beside the UTC instant.
 */
export function formatLocalDateTime(local: LocalDateTime): string {
  const text =
    `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}` +
    `T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
  return local.millisecond === 0 ? text : `${text}.${pad(local.millisecond, 3)}`;
}

/** A plain-data copy of the wall-clock fields of any date-time-like value (a Temporal one). */
export function localDateTimeOf(value: LocalDateTime): LocalDateTime {
  return {
    year: value.year,
    month: value.month,
    day: value.day,
    hour: value.hour,
    minute: value.minute,
    second: value.second,
    millisecond: value.millisecond,
  };
}

/**
 * The wall-clock fields read as if they were UTC, in epoch milliseconds: differences between
 * two local date-times are wall-clock durations ("the clock moved 60 minutes").
 */
export function wallClockMs(local: LocalDateTime): number {
  return Date.UTC(
    local.year,
    local.month - 1,
    local.day,
    local.hour,
    local.minute,
    local.second,
    local.millisecond,
  );
}

/** `09:00`. */
export function formatTimeOfDay(time: TimeOfDay): string {
  return `${pad(time.hour)}:${pad(time.minute)}`;
}

/**
 * A real calendar date-time, or an {@link InvalidArgumentError} naming `field`. Temporal's
 * `overflow: 'reject'` does the calendar check (Feb 30, month 13, 24:00 are refused).
 */
export function checkedLocalDateTime(local: LocalDateTime, field: string): LocalDateTime {
  try {
    return localDateTimeOf(Temporal.PlainDateTime.from(local, { overflow: 'reject' }));
  } catch {
    throw new InvalidArgumentError(
      field,
      `${formatLocalDateTime(local)} is not a calendar date and time of day`,
    );
  }
}

/**
 * Parses `YYYY-MM-DDTHH:MM[:SS[.sss]]` (a space may stand for the `T`) as a local date-time.
 * Text with an offset or `Z` is refused: it names an instant, not a wall-clock time.
 */
export function parseLocalDateTime(text: unknown, field = 'localDateTime'): LocalDateTime {
  const m = typeof text === 'string' ? LOCAL_TEXT.exec(text) : null;
  if (!m) {
    throw new InvalidArgumentError(
      field,
      'must be a local date-time without offset, like 2026-03-29T09:00',
    );
  }
  const [, y, mo, d, h, mi, s, ms] = m;
  return checkedLocalDateTime(
    {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h),
      minute: Number(mi),
      second: Number(s ?? 0),
      millisecond: Number((ms ?? '0').padEnd(3, '0')),
    },
    field,
  );
}

/** Parses `HH:MM` (24-hour clock, `9:30` allowed) into a {@link TimeOfDay}; 24:00 is refused. */
export function parseTimeOfDay(text: unknown, field = 'time'): TimeOfDay {
  const m = typeof text === 'string' ? TIME_OF_DAY_TEXT.exec(text.trim()) : null;
  const hour = Number(m?.[1]);
  const minute = Number(m?.[2]);
  if (!m || hour > 23 || minute > 59) {
    throw new InvalidArgumentError(field, 'must be a time of day from 00:00 to 23:59, like 09:00');
  }
  return { hour, minute };
}
