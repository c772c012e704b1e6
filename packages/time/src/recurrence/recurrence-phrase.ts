import { InvalidArgumentError, type TimeOfDay } from '@tickler/core/domain';
import { parseRRule } from './parse-rrule';
import { formatRRule, WEEKDAY_CODES } from './rrule-parts';

/** Examples every phrase error shows. */
export const PHRASE_EXAMPLES =
  '"weekday 09:00", "daily 8:30", "weekly mon,wed 18:00", "monthly on the 1st 09:00", "monthly last fri 17:00", "every 2 weeks mon 9am", "every 2 hours"';

const DAY_WORDS: Record<string, string> = {
  mo: 'MO', mon: 'MO', monday: 'MO', mondays: 'MO',
  tu: 'TU', tue: 'TU', tues: 'TU', tuesday: 'TU', tuesdays: 'TU',
  we: 'WE', wed: 'WE', wednesday: 'WE', wednesdays: 'WE',
  th: 'TH', thu: 'TH', thur: 'TH', thurs: 'TH', thursday: 'TH', thursdays: 'TH',
  fr: 'FR', fri: 'FR', friday: 'FR', fridays: 'FR',
  sa: 'SA', sat: 'SA', saturday: 'SA', saturdays: 'SA',
  su: 'SU', sun: 'SU', sunday: 'SU', sundays: 'SU',
}; // prettier-ignore
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** `jan` / `january` → 1, `sept` → 9. */
const MONTH_WORDS = new Map<string, number>(
  MONTHS.flatMap((name, i) => [
    [name, i + 1],
    [name.slice(0, 3), i + 1],
    ...(i === 8 ? [['sept', 9] as [string, number]] : []),
  ]),
);
const ORDINALS: Record<string, number> = {
  first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5, last: -1,
}; // prettier-ignore
const UNIT_FREQ: Record<string, string> = {
  day: 'DAILY', days: 'DAILY', week: 'WEEKLY', weeks: 'WEEKLY',
  month: 'MONTHLY', months: 'MONTHLY', year: 'YEARLY', years: 'YEARLY',
}; // prettier-ignore
const FREQ_WORDS: Record<string, string> = {
  daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY', annually: 'YEARLY',
}; // prettier-ignore
const TIME = /^(\d{1,2})(?::(\d{2}))?(am|pm)?$/;

/** Reads a phrase token by token; every error names the token and shows examples. */
class PhraseReader {
  private index = 0;
  private readonly tokens: string[];

  constructor(
    private readonly phrase: string,
    readonly field: string,
  ) {
    this.tokens = phrase
      .toLowerCase()
      .replace(/\s*,\s*/g, ',')
      .split(/\s+/)
      .filter(Boolean);
  }

  fail(token = this.peek()): never {
    const what = token === undefined ? `"${this.phrase}"` : `"${token}" in "${this.phrase}"`;
    throw new InvalidArgumentError(
      this.field,
      `cannot read ${what} as a repeat; try ${PHRASE_EXAMPLES}`,
    );
  }

  peek(): string | undefined {
    return this.tokens[this.index];
  }

  /** The token `ahead` places after the next one, not taken. */
  lookAhead(ahead: number): string | undefined {
    return this.tokens[this.index + ahead];
  }

  take(): string | undefined {
    return this.tokens[this.index++];
  }

  done(): boolean {
    return this.index >= this.tokens.length;
  }

  /** `mon,wed` / `monday` → `MO,WE`, or undefined when the next token is not days. */
  days(): string | undefined {
    const token = this.peek();
    const codes = token?.split(',').map((word) => DAY_WORDS[word]);
    if (!codes || codes.some((code) => code === undefined)) {
      return undefined;
    }
    this.index++;
    return [...new Set(codes)]
      .sort((a, b) => WEEKDAY_CODES.indexOf(a as 'MO') - WEEKDAY_CODES.indexOf(b as 'MO'))
      .join(',');
  }

  /** `[at] 09:00 | 9am | 9:30pm`, or undefined at the end. */
  time(): TimeOfDay | undefined {
    const afterAt = this.peek() === 'at';
    if (afterAt) {
      this.index++;
      if (this.done()) {
        this.fail('at');
      }
    }
    const token = this.take();
    if (token === undefined) {
      return undefined;
    }
    const m = TIME.exec(token);
    const hour = Number(m?.[1]);
    const minute = Number(m?.[2] ?? 0);
    const meridiem = m?.[3];
    // A bare hour ("9") is a time only after "at"; "9am", "09:00" are times anywhere.
    const hourOnly = m?.[2] === undefined && meridiem === undefined;
    const valid =
      m &&
      minute <= 59 &&
      (meridiem ? hour >= 1 && hour <= 12 : hour <= 23) &&
      (!hourOnly || afterAt);
    if (!valid) {
      this.fail(token);
    }
    const h24 = meridiem === undefined ? hour : (hour % 12) + (meridiem === 'pm' ? 12 : 0);
    return { hour: h24, minute };
  }
}

/** `on`, `the` — filler a person says ("monthly on the 1st"), skipped. */
function skipFiller(reader: PhraseReader): void {
  while (reader.peek() === 'on' || reader.peek() === 'the') {
    reader.take();
  }
}

/**
 * MONTHLY details: `1`, `-1`, `1st`, `15th`, `last` (day), `first` (day), `last fri`,
 * `first mon`, `2nd tue`, each after an optional `on the`.
 */
function monthlyDay(reader: PhraseReader): string {
  skipFiller(reader);
  const token = reader.peek();
  const isTime = token !== undefined && TIME.test(token) && /[:apm]/.test(token);
  if (token === undefined || token === 'at' || isTime) {
    return '';
  }
  reader.take();
  if (/^-?\d{1,2}$/.test(token)) {
    return `;BYMONTHDAY=${token}`;
  }
  const dayOfMonth = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(token);
  const ordinal = ORDINALS[token] ?? (dayOfMonth ? Number(dayOfMonth[1]) : reader.fail(token));
  const days = dayOfMonth && ordinal > 5 ? undefined : reader.days();
  if (days === undefined) {
    // "the 1st", "the last", "the 15th": a day of the month.
    return `;BYMONTHDAY=${ordinal}`;
  }
  return `;BYDAY=${days
    .split(',')
    .map((d) => `${ordinal}${d}`)
    .join(',')}`;
}

/** YEARLY details: `dec 25`, `december 25`, `12-25`, `02-29`. */
function yearlyDay(reader: PhraseReader): string {
  const token = reader.peek() ?? '';
  const numeric = /^(\d{1,2})-(\d{1,2})$/.exec(token);
  if (numeric) {
    reader.take();
    return `;BYMONTH=${Number(numeric[1])};BYMONTHDAY=${Number(numeric[2])}`;
  }
  const month = MONTH_WORDS.get(token);
  if (month === undefined) {
    return '';
  }
  reader.take();
  const day = reader.take();
  return day !== undefined && /^\d{1,2}$/.test(day)
    ? `;BYMONTH=${month};BYMONTHDAY=${day}`
    : reader.fail(day);
}

/** The hours of a day `every` hours apart from `anchorHour` ("every 2 hours" from 9 → 1,3,…,23). */
function hoursApart(every: number, anchorHour: number): number[] {
  const first = anchorHour % every;
  return Array.from({ length: 24 / every }, (_, i) => first + i * every);
}

/**
 * `hourly`, `every hour`, `every 3 hours` [`at :15`]: a daily rule at every `n`th hour (the
 * rule language has no FREQ=HOURLY: a daily rule keeps each hour on the local clock, across
 * DST). `n` must divide a day, so that the gap over midnight is `n` hours too.
 */
function hourlyRule(reader: PhraseReader, every: number, anchorHour: number): string {
  if (24 % every !== 0) {
    throw new InvalidArgumentError(
      reader.field,
      `every ${every} hours does not divide a day: use 1, 2, 3, 4, 6, 8 or 12 hours`,
    );
  }
  let minute = '';
  if (reader.peek() === 'at') {
    reader.take();
  }
  const at = reader.peek();
  if (at !== undefined) {
    const m = /^:(\d{2})$/.exec(at);
    if (!m || Number(m[1]) > 59) {
      reader.fail(at);
    }
    reader.take();
    minute = `;BYMINUTE=${Number(m[1])}`;
  }
  if (!reader.done()) {
    reader.fail();
  }
  return `FREQ=DAILY;BYHOUR=${hoursApart(every, anchorHour).join(',')}${minute}`;
}

/**
 * A rule from a friendly phrase — what `tickler remind --every` takes: `weekday 09:00`,
 * `daily 8:30`, `weekly mon,wed 18:00`, `monthly 1 09:00`, `monthly last fri 17:00`,
 * `monthly -1 09:00` (last day), `yearly dec 25 9am`, `every 2 weeks mon 9:00`,
 * `weekend 10:00`, `mon,thu 7pm`, `monthly on the 1st`, `hourly`, `every 2 hours at :30`;
 * "every" and "at" are optional. A time becomes BYHOUR / BYMINUTE; without one the series keeps
 * its first occurrence's time of day. Every `n` hours counts from `anchorHour` (the local hour
 * the person asked in; default midnight). Returns canonical RRULE text; anything not understood
 * is an {@link InvalidArgumentError} on `field`.
 */
export function ruleFromPhrase(phrase: unknown, field = 'every', anchorHour = 0): string {
  if (typeof phrase !== 'string' || phrase.trim() === '' || phrase.length > 200) {
    throw new InvalidArgumentError(field, `must be a repeat such as ${PHRASE_EXAMPLES}`);
  }
  const reader: PhraseReader = new PhraseReader(phrase.trim(), field);
  if (reader.peek() === 'every') {
    reader.take();
  }
  if (reader.peek() === 'hourly' || reader.peek() === 'hour') {
    reader.take();
    return formatRRule(parseRRule(hourlyRule(reader, 1, anchorHour), field));
  }
  const hours = /^\d+$/.test(reader.peek() ?? '') ? reader.lookAhead(1) : undefined;
  if (hours === 'hour' || hours === 'hours') {
    const every = Number(reader.take());
    reader.take();
    return formatRRule(parseRRule(hourlyRule(reader, every, anchorHour), field));
  }
  let rule: string;
  let interval = 1;
  if (/^\d+$/.test(reader.peek() ?? '')) {
    interval = Number(reader.take());
    rule = `FREQ=${UNIT_FREQ[reader.peek() ?? ''] ?? reader.fail()}`;
    reader.take();
  } else {
    const word = reader.peek() ?? reader.fail();
    const days = reader.days();
    if (days !== undefined) {
      rule = `FREQ=WEEKLY;BYDAY=${days}`;
    } else if (word === 'weekday' || word === 'weekdays') {
      rule = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    } else if (word === 'weekend' || word === 'weekends') {
      rule = 'FREQ=WEEKLY;BYDAY=SA,SU';
    } else {
      rule = `FREQ=${FREQ_WORDS[word] ?? UNIT_FREQ[word] ?? reader.fail(word)}`;
    }
    if (days === undefined) {
      reader.take();
    }
  }
  if (rule === 'FREQ=WEEKLY') {
    const days = reader.days();
    rule += days === undefined ? '' : `;BYDAY=${days}`;
  } else if (rule === 'FREQ=MONTHLY') {
    rule += monthlyDay(reader);
  } else if (rule === 'FREQ=YEARLY') {
    rule += yearlyDay(reader);
  }
  const time = reader.time();
  if (!reader.done()) {
    reader.fail();
  }
  const text = `${rule}${interval === 1 ? '' : `;INTERVAL=${interval}`}${time ? `;BYHOUR=${time.hour};BYMINUTE=${time.minute}` : ''}`;
  return formatRRule(parseRRule(text, field));
}
