import {
  assertTimeZone,
  formatLocalDateTime,
  fromLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
  parseInstant,
  toLocalDateTime,
} from '@tickler/core/domain';
import { parseRRule } from './parse-rrule';
import { formatRRule, type RRuleParts } from './rrule-parts';
import { type CountFrom, type Numbered, SeriesWalker } from './series-walker';
import { type Occurrence } from './series-time';

export { type Occurrence } from './series-time';

/** Most occurrences one {@link RecurrenceRule.occurrences} call lists. */
export const MAX_OCCURRENCES_LISTED = 1000;

/** An occurrence with its 1-based number in the series (the start is 1). */
export interface NumberedOccurrence extends Occurrence {
  readonly number: number;
  /** Occurrences passed over between the one counted from and this one (downtime). */
  readonly skipped: number;
}

/** What a series is made of: the rule text, its IANA zone and its first occurrence. */
export interface RecurrenceRuleInput {
  /** RRULE text of the supported subset, e.g. `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`. */
  readonly rule: string;
  /** IANA zone whose wall clock the rule follows, e.g. `Europe/Berlin`. */
  readonly timeZone: string;
  /** First occurrence (RFC 3339, any offset): occurrence 1, and the series' time of day. */
  readonly start: string;
}

/**
 * A recurring series in one IANA zone: an RRULE of the supported subset and its first
 * occurrence. Occurrences are UTC instants; the rule is applied to the zone's wall clock, so
 * "every day at 09:00" stays at 09:00 across DST changes.
 *
 * - The start is always occurrence 1 (counted by COUNT), as RFC 5545's DTSTART.
 * - The time of day is the start's wall-clock time in the zone, unless BYHOUR / BYMINUTE
 *   give it (seconds and milliseconds always come from the start).
 * - DST: a wall-clock time that does not exist moves forward by the gap (`gapShiftMinutes`);
 *   one that happens twice fires once, at the first (`repeated`). Two wall-clock times that
 *   land on one instant fire once. A month without the start's day (the 31st) is skipped;
 *   BYMONTHDAY=-1 means the last day of every month. 29 February yearly fires in leap years.
 * - A series ends at COUNT, at UNTIL, after 9999, or after 400 years without an occurrence.
 */
export class RecurrenceRule {
  private readonly walker: SeriesWalker;
  private readonly startMs: number;

  private constructor(
    /** The parsed rule. */
    readonly parts: RRuleParts,
    /** The canonical IANA zone name. */
    readonly timeZone: string,
    /** The first occurrence, `toIsoUtc` text. */
    readonly start: string,
    /** The first occurrence's wall-clock time in the zone: the series' default time of day. */
    readonly startLocal: LocalDateTime,
  ) {
    this.startMs = Date.parse(start);
    this.walker = new SeriesWalker(parts, timeZone, this.startMs, startLocal);
  }

  /**
   * Validates and builds a series. Errors are {@link InvalidArgumentError}s on
   * `<field>.rule` (naming the RRULE part), `<field>.timeZone` or `<field>.start`.
   */
  static create(input: RecurrenceRuleInput, field = 'repeat'): RecurrenceRule {
    const parts = parseRRule(input.rule, `${field}.rule`);
    const timeZone = assertTimeZone(input.timeZone, `${field}.timeZone`);
    const start = parseInstant(input.start, `${field}.start`);
    const startLocal = toLocalDateTime(start, timeZone).local;
    const rule = new RecurrenceRule(parts, timeZone, start, startLocal);
    const untilMs = rule.walker.untilMs;
    if (untilMs !== undefined && untilMs < rule.startMs) {
      throw new InvalidArgumentError(
        `${field}.rule`,
        `UNTIL is before the first occurrence (${start})`,
      );
    }
    const endless = new RecurrenceRule(
      { ...parts, count: undefined, until: undefined },
      timeZone,
      start,
      startLocal,
    );
    if (parts.count !== 1 && endless.next(start) === null) {
      throw new InvalidArgumentError(
        `${field}.rule`,
        `${formatRRule(parts)} never occurs again after ${start} (within 400 years, before 10000)`,
      );
    }
    return rule;
  }

  /**
   * The series whose first occurrence is the first instant at or after `from` that the rule
   * picks — for "every weekday at 09:00" given without a start. The time of day is BYHOUR /
   * BYMINUTE, else `from`'s wall-clock time to the minute (seconds are dropped).
   */
  static startingAt(
    input: Omit<RecurrenceRuleInput, 'start'> & { readonly from: string },
    field = 'repeat',
  ): RecurrenceRule {
    const parts = parseRRule(input.rule, `${field}.rule`);
    const timeZone = assertTimeZone(input.timeZone, `${field}.timeZone`);
    const from = parseInstant(input.from, `${field}.from`);
    const local = { ...toLocalDateTime(from, timeZone).local, second: 0, millisecond: 0 };
    const anchorMs = Date.parse(fromLocalDateTime(local, timeZone, `${field}.from`).instant);
    const endless = { ...parts, count: undefined, until: undefined };
    const first = new SeriesWalker(endless, timeZone, anchorMs, local).patternAtOrAfter(
      Date.parse(from),
    );
    if (first === null) {
      throw new InvalidArgumentError(
        `${field}.rule`,
        `${formatRRule(parts)} has no occurrence after ${from}`,
      );
    }
    return RecurrenceRule.create({ rule: formatRRule(parts), timeZone, start: first }, field);
  }

  /** The canonical RRULE text (fixed part order, defaults left out). */
  get rule(): string {
    return formatRRule(this.parts);
  }

  /** Occurrence 1. */
  first(): Occurrence {
    const zoned = toLocalDateTime(this.start, this.timeZone);
    const local = formatLocalDateTime(zoned.local);
    return {
      instant: this.start,
      local,
      offset: zoned.offset,
      intended: local,
      gapShiftMinutes: 0,
      repeated: fromLocalDateTime(zoned.local, this.timeZone).repeated,
    };
  }

  /**
   * The first occurrence strictly after `after` (RFC 3339), or null when the series has ended.
   * A series with COUNT counts from its start (up to 1000 occurrences); when the caller knows
   * the current occurrence's number, {@link following} is cheaper.
   */
  next(after: string): Occurrence | null {
    const afterMs = Date.parse(parseInstant(after, 'after'));
    if (this.startMs > afterMs) {
      return this.first();
    }
    for (const { occurrence } of this.walker.walk(afterMs, undefined)) {
      return occurrence;
    }
    return null;
  }

  /**
   * What settling occurrence N calls to schedule the next one: the first occurrence after
   * `after` (default: right after `current`), numbered by counting on from `current` — the
   * series' occurrence number `current.number` at `current.instant` — so COUNT is honoured
   * without walking from the start. `skipped` tells how many occurrences lay between (after
   * downtime: `after` = now). Null when the series has ended.
   */
  following(
    current: { readonly instant: string; readonly number: number },
    after: string = current.instant,
  ): NumberedOccurrence | null {
    if (!Number.isInteger(current.number) || current.number < 1) {
      throw new InvalidArgumentError('number', 'must be a whole number from 1');
    }
    const from: CountFrom = {
      ms: Date.parse(parseInstant(current.instant, 'instant')),
      number: current.number,
    };
    const afterMs = Math.max(from.ms, Date.parse(parseInstant(after, 'after')));
    for (const { occurrence, number } of this.walker.walk(afterMs, from)) {
      return { ...occurrence, number, skipped: number - current.number - 1 };
    }
    return null;
  }

  /** Up to `count` (1…1000) occurrences at or after `from`, ascending: fewer when the series ends. */
  occurrences(from: string, count: number): Occurrence[] {
    if (!Number.isInteger(count) || count < 1 || count > MAX_OCCURRENCES_LISTED) {
      throw new InvalidArgumentError(
        'count',
        `must be a whole number from 1 to ${MAX_OCCURRENCES_LISTED}`,
      );
    }
    const afterMs = Date.parse(parseInstant(from, 'from')) - 1;
    const out: Occurrence[] = this.startMs > afterMs ? [this.first()] : [];
    const walk: Generator<Numbered> = this.walker.walk(afterMs, undefined);
    while (out.length < count) {
      const step = walk.next();
      if (step.done === true) {
        break;
      }
      out.push(step.value.occurrence);
    }
    return out;
  }
}
