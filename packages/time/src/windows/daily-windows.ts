import { fromLocalDateTime, parseTimeOfDay, toLocalDateTime } from '@tickler/core/domain';
import { civilDateOf, epochDayOf, weekdayOf } from '../recurrence/civil-date';
import { WEEKDAY_CODES, type WeekdayCode } from '../recurrence/rrule-parts';

// Daily windows on a person's wall clock (quiet hours, a digest's time): pure rules, here so
// that the daemon holding a reminder and the CLI saying it will be held read them alike.

/**
 * A daily window on a zone's wall clock: `start` and `end` as `HH:MM`; an end not after its
 * start crosses midnight. `days` (RFC 5545 names) limits the days it starts on; null: every day.
 */
export interface DailyWindow {
  readonly start: string;
  readonly end: string;
  readonly days: readonly WeekdayCode[] | null;
}

const MINUTE_MS = 60_000;

/** Minutes after local midnight of `HH:MM`. */
function minutesOf(text: string): number {
  const { hour, minute } = parseTimeOfDay(text);
  return hour * 60 + minute;
}

/** The instant `timeZone`'s clocks show `minutes` after midnight on local day `epochDay` (DST policy: gap → forward). */
function instantAt(epochDay: number, minutes: number, timeZone: string): string {
  const { year, month, day } = civilDateOf(epochDay);
  return fromLocalDateTime(
    {
      year,
      month,
      day,
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
      second: 0,
      millisecond: 0,
    },
    timeZone,
  ).instant;
}

/** Whether a window starting on local day `epochDay` is in force (its `days`, or every day). */
function startsOn(quiet: DailyWindow, epochDay: number): boolean {
  const weekday = WEEKDAY_CODES[weekdayOf(epochDay) - 1];
  return quiet.days === null || (weekday !== undefined && quiet.days.includes(weekday));
}

/**
 * When the quiet window `at` falls in ends (ISO UTC), or null when `at` is outside every window.
 * Windows are read on the wall clock of `timeZone`, half-open (`22:00` is inside, `07:00` is
 * not); one whose end is not after its start crosses midnight and belongs to the day it starts
 * on (`days`). The end is found by the DST policy: an end inside a gap moves forward by the
 * gap. An end that is not after `at` (a window ending in the hour a fall-back repeats, seen
 * from its second pass) counts as over: nothing is ever held to the past.
 */
export function quietUntil(at: string, quiet: DailyWindow, timeZone: string): string | null {
  const { local } = toLocalDateTime(at, timeZone);
  const today = epochDayOf(local.year, local.month, local.day);
  const now =
    (local.hour * 60 + local.minute) * MINUTE_MS + local.second * 1000 + local.millisecond;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  let until: string | null = null;
  if (start < end) {
    if (now >= start * MINUTE_MS && now < end * MINUTE_MS && startsOn(quiet, today)) {
      until = instantAt(today, end, timeZone);
    }
  } else if (now >= start * MINUTE_MS && startsOn(quiet, today)) {
    until = instantAt(today + 1, end, timeZone);
  } else if (now < end * MINUTE_MS && startsOn(quiet, today - 1)) {
    until = instantAt(today, end, timeZone);
  }
  return until !== null && until > at ? until : null;
}

/**
 * The next instant at or after `at` when `timeZone`'s clocks show `HH:MM` (a daily digest
 * window); `at` itself when it is exactly that instant.
 */
export function nextDailyAt(at: string, time: string, timeZone: string): string {
  const { local } = toLocalDateTime(at, timeZone);
  const today = epochDayOf(local.year, local.month, local.day);
  const minutes = minutesOf(time);
  const todays = instantAt(today, minutes, timeZone);
  return todays >= at ? todays : instantAt(today + 1, minutes, timeZone);
}
