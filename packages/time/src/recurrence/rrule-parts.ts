import { type LocalDateTime } from '@tickler/core/domain';
import { type CivilDate, type IsoWeekday } from './civil-date';

/** The frequencies of the supported RFC 5545 subset. */
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
/** An RRULE `FREQ` this subset supports. */
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekday codes in ISO order: index + 1 is the ISO weekday (MO = 1 … SU = 7). */
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** An RRULE weekday (`MO` … `SU`). */
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** One BYDAY entry: `MO` (every Monday of the period), `1MO` (the first), `-1FR` (the last). */
export interface ByDay {
  readonly weekday: IsoWeekday;
  /** 0 = every such weekday of the period; ±n = the n-th from the start (+) or the end (−). */
  readonly ordinal: number;
}

/**
 * UNTIL, as written: a UTC instant (`20261231T235959Z`), a local date (`20261231`, the whole
 * day in the rule's zone) or a local date-time (`20261231T090000`, in the rule's zone).
 */
export type RuleUntil =
  | { readonly kind: 'instant'; readonly instant: string }
  | { readonly kind: 'date'; readonly date: CivilDate }
  | { readonly kind: 'local'; readonly local: LocalDateTime };

/**
 * A parsed RRULE of the supported subset, validated and normalised: lists sorted without
 * repeats, `interval` ≥ 1, `weekStart` an ISO weekday. Empty lists mean "not given".
 */
export interface RRuleParts {
  readonly freq: Frequency;
  readonly interval: number;
  readonly byMonth: readonly number[];
  readonly byMonthDay: readonly number[];
  readonly byDay: readonly ByDay[];
  readonly byHour: readonly number[];
  readonly byMinute: readonly number[];
  /** WKST: the day weeks start on for WEEKLY with INTERVAL > 1. Default Monday. */
  readonly weekStart: IsoWeekday;
  /** COUNT: occurrences in all, the first one included. */
  readonly count?: number;
  readonly until?: RuleUntil;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

function untilText(until: RuleUntil): string {
  switch (until.kind) {
    case 'instant':
      return until.instant.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    case 'date':
      return `${pad(until.date.year, 4)}${pad(until.date.month)}${pad(until.date.day)}`;
    case 'local': {
      const l = until.local;
      return `${pad(l.year, 4)}${pad(l.month)}${pad(l.day)}T${pad(l.hour)}${pad(l.minute)}${pad(l.second)}`;
    }
  }
}

/** `MO`, `1MO`, `-1FR`. */
export function byDayText(entry: ByDay): string {
  const code = WEEKDAY_CODES[entry.weekday - 1] ?? 'MO';
  return entry.ordinal === 0 ? code : `${entry.ordinal}${code}`;
}

/**
 * The canonical RRULE text of `parts`, in a fixed part order, defaults left out: what is
 * stored and shown, so two spellings of one rule compare equal.
 */
export function formatRRule(parts: RRuleParts): string {
  const out = [`FREQ=${parts.freq}`];
  if (parts.interval !== 1) {
    out.push(`INTERVAL=${parts.interval}`);
  }
  const lists: [string, readonly (number | string)[]][] = [
    ['BYMONTH', parts.byMonth],
    ['BYMONTHDAY', parts.byMonthDay],
    ['BYDAY', parts.byDay.map(byDayText)],
    ['BYHOUR', parts.byHour],
    ['BYMINUTE', parts.byMinute],
  ];
  for (const [name, values] of lists) {
    if (values.length > 0) {
      out.push(`${name}=${values.join(',')}`);
    }
  }
  if (parts.weekStart !== 1) {
    out.push(`WKST=${WEEKDAY_CODES[parts.weekStart - 1] ?? 'MO'}`);
  }
  if (parts.count !== undefined) {
    out.push(`COUNT=${parts.count}`);
  }
  if (parts.until !== undefined) {
    out.push(`UNTIL=${untilText(parts.until)}`);
  }
  return out.join(';');
}
