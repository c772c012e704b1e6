import {
  checkedLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
  parseInstant,
} from '@tickler/core/domain';
import { type IsoWeekday } from './civil-date';
import {
  type ByDay,
  byDayText,
  type Frequency,
  FREQUENCIES,
  type RRuleParts,
  type RuleUntil,
  WEEKDAY_CODES,
} from './rrule-parts';
import { checkRuleCost, RRULE_COST_LIMITS } from './rrule-cost';

/** Bounds on what a rule may ask for (a rule is user input). */
export const RRULE_LIMITS = {
  /** Characters of rule text. */
  text: 512,
  /** Largest INTERVAL. */
  interval: 1000,
  /** Largest COUNT: a longer series uses UNTIL or no end (COUNT is counted from the start). */
  count: 1000,
  ...RRULE_COST_LIMITS,
} as const;

const SUPPORTED = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYHOUR', 'BYMINUTE'];
const ALL_SUPPORTED = [...SUPPORTED, 'COUNT', 'UNTIL', 'WKST'];
const UNSUPPORTED = ['BYSECOND', 'BYSETPOS', 'BYWEEKNO', 'BYYEARDAY', 'DTSTART', 'RDATE', 'EXDATE'];
const INTEGER = /^[+-]?\d{1,4}$/;
const BYDAY_ENTRY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const UNTIL_TEXT = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;
const LONGEST_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Reads one RRULE; every error is an {@link InvalidArgumentError} on `field` naming the part. */
class RRuleReader {
  constructor(private readonly field: string) {}

  fail(message: string): never {
    throw new InvalidArgumentError(this.field, message);
  }

  integers(name: string, value: string, min: number, max: number, zero = true): number[] {
    const values = value.split(',').map((text) => {
      const n = Number(text);
      if (!INTEGER.test(text) || n < min || n > max || (!zero && n === 0)) {
        const range = min < 0 ? `${min}…-1 or 1…${max}` : `${min}…${max}`;
        this.fail(`${name}: "${text}" is not a whole number in ${range}`);
      }
      return n;
    });
    return [...new Set(values)].sort((a, b) => a - b);
  }

  byDay(value: string): ByDay[] {
    const seen = new Map<string, ByDay>();
    for (const text of value.split(',')) {
      const m = BYDAY_ENTRY.exec(text);
      const ordinal = Number(m?.[1] ?? 0);
      if (!m || (m[1] !== undefined && (ordinal === 0 || Math.abs(ordinal) > 53))) {
        this.fail(
          `BYDAY: "${text}" is not a weekday (MO…SU), optionally numbered (1MO = the first Monday, -1FR = the last Friday)`,
        );
      }
      const weekday = (WEEKDAY_CODES.indexOf(m[2] as (typeof WEEKDAY_CODES)[number]) +
        1) as IsoWeekday;
      seen.set(`${ordinal}${weekday}`, { weekday, ordinal });
    }
    return [...seen.values()].sort((a, b) => a.weekday - b.weekday || a.ordinal - b.ordinal);
  }

  until(value: string): RuleUntil {
    const m = UNTIL_TEXT.exec(value);
    if (!m) {
      this.fail(
        `UNTIL: "${value}" must be a date (20261231), a UTC date-time (20261231T235959Z) or a local one (20261231T235959)`,
      );
    }
    const [, y, mo, d, h, mi, s, z] = m;
    const local = this.calendar(value, {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h ?? 0),
      minute: Number(mi ?? 0),
      second: Number(s ?? 0),
      millisecond: 0,
    });
    if (h === undefined) {
      return { kind: 'date', date: { year: local.year, month: local.month, day: local.day } };
    }
    if (z === undefined) {
      return { kind: 'local', local };
    }
    return {
      kind: 'instant',
      instant: parseInstant(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`, this.field),
    };
  }

  private calendar(value: string, local: LocalDateTime): LocalDateTime {
    try {
      return checkedLocalDateTime(local, this.field);
    } catch {
      return this.fail(`UNTIL: "${value}" is not a calendar date and time`);
    }
  }

  /** `NAME=VALUE` pairs, names upper-cased, each name once. */
  pairs(text: string): Map<string, string> {
    const pairs = new Map<string, string>();
    for (const part of text.replace(/;$/, '').split(';')) {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      const value = part.slice(eq + 1);
      if (UNSUPPORTED.includes(name)) {
        this.fail(`${name} is not supported (supported: ${ALL_SUPPORTED.join(', ')})`);
      }
      if (!ALL_SUPPORTED.includes(name)) {
        this.fail(
          `"${name.slice(0, 16)}" is not an RRULE part (supported: ${ALL_SUPPORTED.join(', ')})`,
        );
      }
      if (eq < 0 || value === '') {
        this.fail(`${name} needs a value (${name}=…)`);
      }
      if (pairs.has(name)) {
        this.fail(`${name} is given twice`);
      }
      pairs.set(name, value);
    }
    return pairs;
  }
}

/** A rule that asks for BYMONTHDAY values no month in BYMONTH has would never fire. */
function checkSatisfiable(reader: RRuleReader, byMonth: number[], byMonthDay: number[]): void {
  const months = byMonth.length > 0 ? byMonth : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const possible = months.some((month) =>
    byMonthDay.some((day) => Math.abs(day) <= (LONGEST_MONTH[month - 1] ?? 0)),
  );
  if (byMonthDay.length > 0 && !possible) {
    reader.fail(`BYMONTHDAY=${byMonthDay.join(',')} never falls in BYMONTH=${byMonth.join(',')}`);
  }
}

function checkByDay(reader: RRuleReader, freq: Frequency, parts: Omit<RRuleParts, 'freq'>): void {
  const numbered = parts.byDay.filter((d) => d.ordinal !== 0);
  if (numbered.length === 0) {
    return;
  }
  if (freq === 'DAILY' || freq === 'WEEKLY') {
    reader.fail(
      `BYDAY: numbered weekdays (${numbered.map(byDayText).join(',')}) need FREQ=MONTHLY or YEARLY`,
    );
  }
  if (parts.byMonthDay.length > 0) {
    reader.fail('BYDAY: numbered weekdays cannot be combined with BYMONTHDAY');
  }
  const perMonth = freq === 'MONTHLY' || parts.byMonth.length > 0;
  if (perMonth && numbered.some((d) => Math.abs(d.ordinal) > 5)) {
    reader.fail('BYDAY: a month has at most 5 of each weekday (use 1…5 or -1…-5)');
  }
}

/** How a rule is read. */
export interface ParseRRuleOptions {
  /**
   * A rule stored by an earlier release: its cost is not checked again (a limit added later
   * must not make a stored series unreadable; its expansion is still bounded per call).
   */
  readonly stored?: boolean;
}

/**
 * Parses the supported RFC 5545 RRULE subset — FREQ (DAILY, WEEKLY, MONTHLY, YEARLY),
 * INTERVAL, BYDAY (incl. `1MO`, `-1FR`), BYMONTHDAY (incl. negative: -1 is the last day),
 * BYMONTH, BYHOUR, BYMINUTE, COUNT, UNTIL, WKST — with an optional `RRULE:` prefix, in any
 * case. Anything else, combinations RFC 5545 forbids or that could never fire, and rules whose
 * expansion would cost too much (`checkRuleCost`), are an {@link InvalidArgumentError} on `field`
 * whose message names the part.
 */
export function parseRRule(
  text: unknown,
  field = 'rule',
  options: ParseRRuleOptions = {},
): RRuleParts {
  const reader: RRuleReader = new RRuleReader(field);
  if (typeof text !== 'string' || text.trim() === '') {
    reader.fail('must be an RRULE such as FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  }
  if (text.length > RRULE_LIMITS.text) {
    reader.fail(`is longer than ${RRULE_LIMITS.text} characters`);
  }
  const pairs = reader.pairs(
    text
      .trim()
      .toUpperCase()
      .replace(/^RRULE:/, ''),
  );
  const freq = pairs.get('FREQ');
  if (freq === undefined) {
    reader.fail('FREQ is required (DAILY, WEEKLY, MONTHLY or YEARLY)');
  }
  if (!(FREQUENCIES as readonly string[]).includes(freq)) {
    reader.fail(`FREQ: "${freq.slice(0, 16)}" is not supported (DAILY, WEEKLY, MONTHLY or YEARLY)`);
  }
  const list = (name: string, min: number, max: number, zero = true): number[] => {
    const value = pairs.get(name);
    return value === undefined ? [] : reader.integers(name, value, min, max, zero);
  };
  const one = (name: string, max: number): number | undefined => {
    const value = pairs.get(name);
    if (value?.includes(',')) {
      reader.fail(`${name} takes one number, not a list`);
    }
    return value === undefined ? undefined : reader.integers(name, value, 1, max)[0];
  };
  if (pairs.has('COUNT') && pairs.has('UNTIL')) {
    reader.fail('COUNT and UNTIL cannot both be given');
  }
  const wkst = pairs.get('WKST');
  if (wkst !== undefined && !(WEEKDAY_CODES as readonly string[]).includes(wkst)) {
    reader.fail(`WKST: "${wkst.slice(0, 8)}" is not a weekday (MO…SU)`);
  }
  const byMonthValue = pairs.get('BYMONTH');
  const byDayValue = pairs.get('BYDAY');
  const untilValue = pairs.get('UNTIL');
  const parts: RRuleParts = {
    freq: freq as Frequency,
    interval: one('INTERVAL', RRULE_LIMITS.interval) ?? 1,
    byMonth: byMonthValue === undefined ? [] : reader.integers('BYMONTH', byMonthValue, 1, 12),
    byMonthDay: list('BYMONTHDAY', -31, 31, false),
    byDay: byDayValue === undefined ? [] : reader.byDay(byDayValue),
    byHour: list('BYHOUR', 0, 23),
    byMinute: list('BYMINUTE', 0, 59),
    weekStart: (wkst === undefined ? 1 : WEEKDAY_CODES.indexOf(wkst as 'MO') + 1) as IsoWeekday,
    count: one('COUNT', RRULE_LIMITS.count),
    until: untilValue === undefined ? undefined : reader.until(untilValue),
  };
  if (parts.freq === 'WEEKLY' && parts.byMonthDay.length > 0) {
    reader.fail('BYMONTHDAY cannot be used with FREQ=WEEKLY (RFC 5545)');
  }
  checkByDay(reader, parts.freq, parts);
  checkSatisfiable(reader, [...parts.byMonth], [...parts.byMonthDay]);
  if (options.stored !== true) {
    checkRuleCost(parts, field);
  }
  return parts;
}
