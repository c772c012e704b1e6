import { formatLocalDateTime, formatTimeOfDay, type LocalDateTime } from '@tickler/core/domain';
import { epochDayOf, weekdayOf } from './civil-date';
import { type ByDay, type RRuleParts, type RuleUntil } from './rrule-parts';
import { type RecurrenceRule } from './recurrence-rule';
import { seriesTimes } from './series-time';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth'];

/** `A`, `A and B`, `A, B and C`. */
function listed(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st. */
function nth(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** `first`, `last`, `second-to-last`, `20th`. */
function ordinalWord(ordinal: number): string {
  if (ordinal === -1) {
    return 'last';
  }
  if (ordinal < 0) {
    return `${ORDINAL_WORDS[-ordinal - 1] ?? nth(-ordinal)}-to-last`;
  }
  return ORDINAL_WORDS[ordinal - 1] ?? nth(ordinal);
}

function dayName(entry: ByDay): string {
  const name = DAY_NAMES[entry.weekday - 1] ?? '';
  return entry.ordinal === 0 ? name : `the ${ordinalWord(entry.ordinal)} ${name}`;
}

function monthDayWords(day: number): string {
  return day > 0 ? `the ${nth(day)}` : day === -1 ? 'the last day' : `the ${ordinalWord(day)} day`;
}

function every(interval: number, unit: string, single: string): string {
  return interval === 1 ? single : `every ${interval} ${unit}s`;
}

function weeklyWhat(parts: RRuleParts, startWeekday: number): string {
  const days = parts.byDay.length > 0 ? parts.byDay.map((d) => d.weekday) : [startWeekday];
  const set = [...new Set(days)].sort().join('');
  if (parts.interval === 1) {
    const named: Record<string, string> = {
      '12345': 'every weekday',
      '67': 'every Saturday and Sunday',
      '1234567': 'every day',
    };
    return named[set] ?? `every ${listed(days.map((d) => DAY_NAMES[d - 1] ?? ''))}`;
  }
  return `every ${parts.interval} weeks on ${listed(days.map((d) => DAY_NAMES[d - 1] ?? ''))}`;
}

/** "on the 1st and 15th", "on the last Friday", "on the 31st" (the start's day). */
function dayOfMonthWords(parts: RRuleParts, startDay: number): string {
  if (parts.byMonthDay.length > 0) {
    const days = `on ${listed(parts.byMonthDay.map(monthDayWords))}`;
    return parts.byDay.length > 0 ? `${days} if a ${listed(parts.byDay.map(dayName))}` : days;
  }
  if (parts.byDay.length > 0) {
    const plain = parts.byDay.every((d) => d.ordinal === 0);
    return plain
      ? `on every ${listed(parts.byDay.map(dayName))}`
      : `on ${listed(parts.byDay.map(dayName))}`;
  }
  return `on the ${nth(startDay)}`;
}

function inMonths(parts: RRuleParts): string {
  return parts.byMonth.length > 0
    ? ` in ${listed(parts.byMonth.map((m) => MONTH_NAMES[m - 1] ?? ''))}`
    : '';
}

function untilWords(until: RuleUntil): string {
  switch (until.kind) {
    case 'date':
      return formatLocalDateTime({
        ...until.date,
        hour: 0,
        minute: 0,
        second: 0,
        millisecond: 0,
      }).slice(0, 10);
    case 'local':
      return formatLocalDateTime(until.local).slice(0, 16).replace('T', ' ');
    case 'instant':
      return `${until.instant.slice(0, 16).replace('T', ' ')} UTC`;
  }
}

/**
 * The series in plain English for a UI or the CLI: "every weekday at 09:00", "monthly on the
 * last Friday at 17:00", "every 2 weeks on Monday and Wednesday at 18:00, 10 times". Times
 * are the zone's wall-clock times of day (the zone is not repeated).
 */
export function describeRecurrence(rule: RecurrenceRule): string {
  const parts = rule.parts;
  const start = rule.startLocal;
  const hourly = hourlyWords(parts, start);
  if (hourly !== undefined) {
    return hourly;
  }
  const startWeekday = weekdayOf(epochDayOf(start.year, start.month, start.day));
  const what = whatWords(parts, start, startWeekday);
  const times = seriesTimes(parts, start).map((t) => formatTimeOfDay(t));
  const end =
    parts.count !== undefined
      ? `, ${parts.count} ${parts.count === 1 ? 'time' : 'times'}`
      : parts.until !== undefined
        ? `, until ${untilWords(parts.until)}`
        : '';
  return `${what}${inMonths(parts)} at ${listed(times)}${end}`;
}

/**
 * "every hour at :15", "every 2 hours at :30 (01:30, 03:30, …)": a daily rule at evenly spaced
 * hours all day (what the `hourly` / `every n hours` phrases make); undefined for any other.
 */
function hourlyWords(parts: RRuleParts, start: LocalDateTime): string | undefined {
  const hours = parts.byHour;
  const step = hours.length > 1 ? hours[1]! - hours[0]! : 0;
  const even =
    parts.freq === 'DAILY' &&
    parts.interval === 1 &&
    parts.byDay.length === 0 &&
    parts.byMonthDay.length === 0 &&
    parts.byMonth.length === 0 &&
    parts.byMinute.length <= 1 &&
    parts.count === undefined &&
    parts.until === undefined &&
    step > 0 &&
    hours.length * step === 24 &&
    hours.every((h, i) => h === hours[0]! + i * step);
  if (!even) {
    return undefined;
  }
  const minute = String(parts.byMinute[0] ?? start.minute).padStart(2, '0');
  if (step === 1) {
    return `every hour at :${minute}`;
  }
  const first = hours.slice(0, 2).map((h) => `${String(h).padStart(2, '0')}:${minute}`);
  return `every ${step} hours at :${minute} (${first.join(', ')}, …)`;
}

function whatWords(parts: RRuleParts, start: LocalDateTime, startWeekday: number): string {
  switch (parts.freq) {
    case 'DAILY': {
      const days =
        parts.byDay.length === 0
          ? every(parts.interval, 'day', 'every day')
          : parts.interval === 1
            ? weeklyWhat(parts, startWeekday)
            : `every ${parts.interval} days if a ${listed(parts.byDay.map(dayName))}`;
      const monthDays =
        parts.byMonthDay.length > 0
          ? ` ${dayOfMonthWords({ ...parts, byDay: [] }, start.day)}`
          : '';
      return `${days}${monthDays}`;
    }
    case 'WEEKLY':
      return weeklyWhat(parts, startWeekday);
    case 'MONTHLY':
      return `${every(parts.interval, 'month', 'monthly')} ${dayOfMonthWords(parts, start.day)}`;
    case 'YEARLY': {
      const yearly = every(parts.interval, 'year', 'yearly');
      if (parts.byMonth.length > 0 || parts.byMonthDay.length > 0) {
        return `${yearly} ${dayOfMonthWords(parts, start.day)}`;
      }
      if (parts.byDay.length > 0) {
        const plain = parts.byDay.every((d) => d.ordinal === 0);
        const days = listed(parts.byDay.map(dayName));
        return plain ? `${yearly} on every ${days}` : `${yearly} on ${days} of the year`;
      }
      return `${yearly} on ${MONTH_NAMES[start.month - 1] ?? ''} ${start.day}`;
    }
  }
}
