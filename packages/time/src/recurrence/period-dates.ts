import {
  type CivilDate,
  civilDateOf,
  daysInMonth,
  epochDayOf,
  type IsoWeekday,
  weekdayOf,
} from './civil-date';
import { type ExpansionBudget } from './expansion-budget';
import { type ByDay, type RRuleParts } from './rrule-parts';

/**
 * Which calendar days a rule picks, period by period. A period is one step of FREQ (a day, a
 * week from WKST, a month, a year); period 0 holds the anchor (the first occurrence's local
 * date) and period k is k × INTERVAL steps later. The BYxxx parts expand or limit as RFC 5545
 * §3.3.10 tabulates for this subset. Days are epoch-day numbers, ascending.
 */

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function inMonthList(parts: RRuleParts, month: number): boolean {
  return parts.byMonth.length === 0 || parts.byMonth.includes(month);
}

function matchesMonthDay(parts: RRuleParts, day: number, monthLength: number): boolean {
  return parts.byMonthDay.some((n) => (n > 0 ? n : monthLength + 1 + n) === day);
}

function matchesPlainWeekday(parts: RRuleParts, weekday: IsoWeekday): boolean {
  return parts.byDay.some((d) => d.weekday === weekday);
}

/** Days `first…last` (epoch days) with weekday `entry.weekday`: all of them, or the n-th. */
function weekdaysIn(first: number, last: number, entry: ByDay): number[] {
  const firstMatch = first + ((entry.weekday - weekdayOf(first) + 7) % 7);
  if (entry.ordinal > 0) {
    const day = firstMatch + 7 * (entry.ordinal - 1);
    return day <= last ? [day] : [];
  }
  if (entry.ordinal < 0) {
    const lastMatch = last - ((weekdayOf(last) - entry.weekday + 7) % 7);
    const day = lastMatch + 7 * (entry.ordinal + 1);
    return day >= first ? [day] : [];
  }
  const days: number[] = [];
  for (let day = firstMatch; day <= last; day += 7) {
    days.push(day);
  }
  return days;
}

/** The days of one month the rule picks (MONTHLY, and YEARLY per month). */
function daysInMonthOf(
  parts: RRuleParts,
  year: number,
  month: number,
  anchorDay: number,
): number[] {
  const length = daysInMonth(year, month);
  const first = epochDayOf(year, month, 1);
  const last = first + length - 1;
  if (parts.byMonthDay.length > 0) {
    const days: number[] = [];
    for (let day = 1; day <= length; day++) {
      const epochDay = first + day - 1;
      const weekdayOk = parts.byDay.length === 0 || matchesPlainWeekday(parts, weekdayOf(epochDay));
      if (matchesMonthDay(parts, day, length) && weekdayOk) {
        days.push(epochDay);
      }
    }
    return days;
  }
  if (parts.byDay.length > 0) {
    return parts.byDay.flatMap((entry) => weekdaysIn(first, last, entry));
  }
  // No day given: the anchor's day of the month, skipped in months without it (the 31st).
  return anchorDay <= length ? [first + anchorDay - 1] : [];
}

function yearlyDays(parts: RRuleParts, year: number, anchor: CivilDate): number[] {
  if (parts.byMonth.length > 0 || parts.byMonthDay.length > 0) {
    const months = parts.byMonth.length > 0 ? parts.byMonth : ALL_MONTHS;
    return months.flatMap((month) => daysInMonthOf(parts, year, month, anchor.day));
  }
  if (parts.byDay.length > 0) {
    const first = epochDayOf(year, 1, 1);
    const last = epochDayOf(year, 12, 31);
    return parts.byDay.flatMap((entry) => weekdaysIn(first, last, entry));
  }
  // The anchor's month and day: 29 February only in leap years.
  return anchor.day <= daysInMonth(year, anchor.month)
    ? [epochDayOf(year, anchor.month, anchor.day)]
    : [];
}

/** Year and month `k × interval` months after the anchor's. */
function monthOfPeriod(parts: RRuleParts, anchor: CivilDate, k: number): CivilDate {
  const total = anchor.year * 12 + anchor.month - 1 + k * parts.interval;
  return { year: Math.floor(total / 12), month: (total % 12) + 1, day: 1 };
}

function weekStartOf(parts: RRuleParts, epochDay: number): number {
  return epochDay - ((weekdayOf(epochDay) - parts.weekStart + 7) % 7);
}

/** First day (epoch day) of period `k`. */
export function periodStart(parts: RRuleParts, anchor: CivilDate, k: number): number {
  const anchorDay = epochDayOf(anchor.year, anchor.month, anchor.day);
  switch (parts.freq) {
    case 'DAILY':
      return anchorDay + k * parts.interval;
    case 'WEEKLY':
      return weekStartOf(parts, anchorDay) + 7 * k * parts.interval;
    case 'MONTHLY': {
      const { year, month } = monthOfPeriod(parts, anchor, k);
      return epochDayOf(year, month, 1);
    }
    case 'YEARLY':
      return epochDayOf(anchor.year + k * parts.interval, 1, 1);
  }
}

/** Index of the period that holds `epochDay` (negative before the anchor's). */
export function periodIndexOf(parts: RRuleParts, anchor: CivilDate, epochDay: number): number {
  const anchorDay = epochDayOf(anchor.year, anchor.month, anchor.day);
  switch (parts.freq) {
    case 'DAILY':
      return Math.floor((epochDay - anchorDay) / parts.interval);
    case 'WEEKLY':
      return Math.floor(
        (weekStartOf(parts, epochDay) - weekStartOf(parts, anchorDay)) / (7 * parts.interval),
      );
    case 'MONTHLY': {
      const date = civilDateOf(epochDay);
      const months = (date.year - anchor.year) * 12 + date.month - anchor.month;
      return Math.floor(months / parts.interval);
    }
    case 'YEARLY':
      return Math.floor((civilDateOf(epochDay).year - anchor.year) / parts.interval);
  }
}

/** The days (epoch days, ascending, no repeats) period `k` picks. */
export function daysOfPeriod(parts: RRuleParts, anchor: CivilDate, k: number): number[] {
  const start = periodStart(parts, anchor, k);
  let days: number[];
  switch (parts.freq) {
    case 'DAILY': {
      const date = civilDateOf(start);
      const keep =
        inMonthList(parts, date.month) &&
        (parts.byMonthDay.length === 0 ||
          matchesMonthDay(parts, date.day, daysInMonth(date.year, date.month))) &&
        (parts.byDay.length === 0 || matchesPlainWeekday(parts, weekdayOf(start)));
      days = keep ? [start] : [];
      break;
    }
    case 'WEEKLY': {
      const weekdays =
        parts.byDay.length > 0
          ? parts.byDay.map((d) => d.weekday)
          : [weekdayOf(epochDayOf(anchor.year, anchor.month, anchor.day))];
      days = weekdays
        .map((weekday) => start + ((weekday - parts.weekStart + 7) % 7))
        .filter((day) => inMonthList(parts, civilDateOf(day).month));
      break;
    }
    case 'MONTHLY': {
      const { year, month } = monthOfPeriod(parts, anchor, k);
      days = inMonthList(parts, month) ? daysInMonthOf(parts, year, month, anchor.day) : [];
      break;
    }
    case 'YEARLY':
      days = yearlyDays(parts, anchor.year + k * parts.interval, anchor);
      break;
  }
  return [...new Set(days)].sort((a, b) => a - b);
}

/**
 * The first day at or after `fromDay` (epoch days) that BYMONTH and BYMONTHDAY allow, looked
 * for month by month (one budget step per month BYMONTH allows; the others are skipped in a
 * few operations): a DAILY walk jumps straight to it instead of
 * stepping through the days in between. `fromDay` itself when neither is given.
 */
export function firstDayInMonthLists(
  parts: RRuleParts,
  fromDay: number,
  budget: ExpansionBudget,
): number {
  if (parts.byMonth.length === 0 && parts.byMonthDay.length === 0) {
    return fromDay;
  }
  const from = civilDateOf(fromDay);
  let year = from.year;
  let month = from.month;
  let firstDay = from.day;
  for (;;) {
    if (inMonthList(parts, month)) {
      budget.spend();
      const length = daysInMonth(year, month);
      for (let day = firstDay; day <= length; day++) {
        if (parts.byMonthDay.length === 0 || matchesMonthDay(parts, day, length)) {
          return epochDayOf(year, month, day);
        }
      }
    }
    firstDay = 1;
    month = month === 12 ? 1 : month + 1;
    year = month === 1 ? year + 1 : year;
  }
}
