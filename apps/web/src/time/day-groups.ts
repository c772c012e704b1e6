// Day headings and times in the browser's zone: "Today", "Tomorrow", weekday names within a
// week, then dates (seed 001 §3.2). Formatters are built once per zone: 1,000 rows format in
// a few milliseconds.

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, key: string, options: Intl.DateTimeFormatOptions) {
  const id = `${timeZone}|${key}`;
  let found = formatters.get(id);
  if (found === undefined) {
    found = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formatters.set(id, found);
  }
  return found;
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function dayKey(instant: string | number, timeZone: string): string {
  const parts = formatter(timeZone, 'day', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whole calendar days from one `YYYY-MM-DD` to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The heading of a day: "Today", "Tomorrow", "Thursday" (within a week), else "Mon 4 Jan". */
export function dayLabel(day: string, today: string): string {
  const ahead = daysBetween(today, day);
  if (ahead === 0) {
    return 'Today';
  }
  if (ahead === 1) {
    return 'Tomorrow';
  }
  const date = new Date(`${day}T12:00:00Z`);
  if (ahead > 1 && ahead < 7) {
    return formatter('UTC', 'weekday', { weekday: 'long' }).format(date);
  }
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return formatter('UTC', sameYear ? 'date' : 'date-year', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
    .format(date)
    .replace(/,/g, '');
}

/** Local time of day, 24-hour: `09:00`. */
export function timeOfDay(instant: string, timeZone: string): string {
  return formatter(timeZone, 'time', { hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(instant),
  );
}

/** Rows under their day's heading, in send order. */
export interface DayGroup<T> {
  day: string;
  label: string;
  rows: T[];
}

/** Groups rows (already sorted by send time) by their day in `timeZone`, relative to `now`. */
export function groupByDay<T>(
  rows: readonly T[],
  instantOf: (row: T) => string,
  now: number,
  timeZone: string,
): DayGroup<T>[] {
  const today = dayKey(now, timeZone);
  const groups: DayGroup<T>[] = [];
  for (const row of rows) {
    const day = dayKey(instantOf(row), timeZone);
    const last = groups.at(-1);
    if (last !== undefined && last.day === day) {
      last.rows.push(row);
    } else {
      groups.push({ day, label: dayLabel(day, today), rows: [row] });
    }
  }
  return groups;
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * "in 45 minutes", "in 1 hour 30 minutes", "in 3 hours", "in 2 days" (or "… ago"). Under six
 * hours the minutes stay (issue 31: "in 90 minutes" previewed as "in 1 hour"); beyond, whole
 * hours, then days.
 */
export function relative(instant: string, now: number): string {
  const ms = Date.parse(instant) - now;
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  const abs = Math.abs(ms);
  if (abs < 3_600_000) {
    return words.format(Math.round(ms / 60_000), 'minute');
  }
  const minutes = Math.round(abs / 60_000);
  if (minutes < 6 * 60 && minutes % 60 !== 0) {
    const span = `${plural(Math.floor(minutes / 60), 'hour')} ${plural(minutes % 60, 'minute')}`;
    return ms > 0 ? `in ${span}` : `${span} ago`;
  }
  if (abs < DAY_MS) {
    return words.format(Math.round(ms / 3_600_000), 'hour');
  }
  return words.format(Math.round(ms / DAY_MS), 'day');
}

/** The preview of a resolved time: "Thu 4 Dec, 09:00 — in 2 days". */
export function previewText(instant: string, now: number, timeZone: string): string {
  const date = formatter(timeZone, 'preview', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(instant));
  return `${date}, ${timeOfDay(instant, timeZone)} — ${relative(instant, now)}`;
}

let zone: string | undefined;

/**
 * The browser's IANA zone (what "tomorrow 9am" means to the person), read once: building a
 * formatter to ask costs about a millisecond, and every render asks.
 */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}
