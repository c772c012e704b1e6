import {
  assertTimeZone,
  formatLocalDateTime,
  fromLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
  parseInstant,
  toLocalDateTime,
} from '@tickler/core/domain';
import { ExpansionBudget, type Stopwatch } from './expansion-budget';
import { parseRRule } from './parse-rrule';
import { epochDayOf, weekdayOf } from './civil-date';
import { formatRRule, type RRuleParts, WEEKDAY_CODES } from './rrule-parts';
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

/** How the series' expansions are bounded (see `expansion-budget.ts`). */
export interface RecurrenceRuleOptions {
  /** Field the rule came in, named by every refusal: `repeat` → `repeat.rule`. */
  readonly field?: string;
  /**
   * A monotonic ms clock (`performance.now`): with one, each expansion is also bounded in
   * time, not only in steps. Requests give one; firing does not (a slow moment must not end a
   * series: the step bound is deterministic).
   */
  readonly stopwatch?: Stopwatch;
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
  private readonly field: string;
  private readonly stopwatch: Stopwatch | undefined;

  private constructor(
    /** The parsed rule. */
    readonly parts: RRuleParts,
    /** The canonical IANA zone name. */
    readonly timeZone: string,
    /** The first occurrence, `toIsoUtc` text. */
    readonly start: string,
    /** The first occurrence's wall-clock time in the zone: the series' default time of day. */
    readonly startLocal: LocalDateTime,
    options: RecurrenceRuleOptions,
  ) {
    this.field = options.field ?? 'repeat';
    this.stopwatch = options.stopwatch;
    this.startMs = Date.parse(start);
    this.walker = new SeriesWalker(parts, timeZone, this.startMs, startLocal);
  }

  /**
   * Validates and builds a new series: the rule's cost is checked (`rrule-cost.ts`) and it must
   * occur again after its start. Errors are {@link InvalidArgumentError}s on `<field>.rule`
   * (naming the RRULE part), `<field>.timeZone` or `<field>.start`, and a
   * {@link RecurrenceTooCostlyError} on `<field>.rule` when the check runs out of its budget.
   */
  static create(
    input: RecurrenceRuleInput,
    fieldOrOptions: string | RecurrenceRuleOptions = {},
  ): RecurrenceRule {
    const options = typeof fieldOrOptions === 'string' ? { field: fieldOrOptions } : fieldOrOptions;
    const field = options.field ?? 'repeat';
    const rule = RecurrenceRule.build(input, options, false);
    const { parts, timeZone, start, startLocal } = rule;
    const untilMs = rule.walker.untilMs;
    if (untilMs !== undefined && untilMs < rule.startMs) {
      throw new InvalidArgumentError(
        `${field}.rule`,
        `UNTIL is before the first occurrence (${start})`,
      );
    }
    if (parts.freq === 'DAILY' && parts.interval % 7 === 0 && parts.byDay.length > 0) {
      // Every 7n days is always the start's weekday: decided without walking 400 years.
      const weekday = weekdayOf(epochDayOf(startLocal.year, startLocal.month, startLocal.day));
      if (!parts.byDay.some((d) => d.weekday === weekday) && parts.count !== 1) {
        throw new InvalidArgumentError(
          `${field}.rule`,
          `${formatRRule(parts)} never occurs again after ${start}: every ${parts.interval} days is always a ${WEEKDAY_CODES[weekday - 1] ?? 'MO'}`,
        );
      }
    }
    const endless = new RecurrenceRule(
      { ...parts, count: undefined, until: undefined },
      timeZone,
      start,
      startLocal,
      options,
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
   * A series as stored: validated again (a row is never trusted blindly) but neither its cost
   * (a limit added later must not make a stored series unreadable: every expansion is still
   * bounded per call) nor its next occurrence is checked — reading a series costs no walk.
   */
  static rehydrate(
    input: RecurrenceRuleInput,
    options: RecurrenceRuleOptions = {},
  ): RecurrenceRule {
    return RecurrenceRule.build(input, options, true);
  }

  private static build(
    input: RecurrenceRuleInput,
    options: RecurrenceRuleOptions,
    stored: boolean,
  ): RecurrenceRule {
    const field = options.field ?? 'repeat';
    const parts = parseRRule(input.rule, `${field}.rule`, { stored });
    const timeZone = assertTimeZone(input.timeZone, `${field}.timeZone`);
    const start = parseInstant(input.start, `${field}.start`);
    const startLocal = toLocalDateTime(start, timeZone).local;
    return new RecurrenceRule(parts, timeZone, start, startLocal, options);
  }

  /**
   * The series whose first occurrence is the first instant at or after `from` that the rule
   * picks — for "every weekday at 09:00" given without a start. The time of day is BYHOUR /
   * BYMINUTE, else `from`'s wall-clock time to the minute (seconds are dropped).
   */
  static startingAt(
    input: Omit<RecurrenceRuleInput, 'start'> & { readonly from: string },
    options: RecurrenceRuleOptions = {},
  ): RecurrenceRule {
    const field = options.field ?? 'repeat';
    const parts = parseRRule(input.rule, `${field}.rule`);
    const timeZone = assertTimeZone(input.timeZone, `${field}.timeZone`);
    const from = parseInstant(input.from, `${field}.from`);
    const local = { ...toLocalDateTime(from, timeZone).local, second: 0, millisecond: 0 };
    const anchorMs = Date.parse(fromLocalDateTime(local, timeZone, `${field}.from`).instant);
    const endless = { ...parts, count: undefined, until: undefined };
    const first = new SeriesWalker(endless, timeZone, anchorMs, local).patternAtOrAfter(
      Date.parse(from),
      new ExpansionBudget(`${field}.rule`, options.stopwatch),
    );
    if (first === null) {
      throw new InvalidArgumentError(
        `${field}.rule`,
        `${formatRRule(parts)} has no occurrence after ${from}`,
      );
    }
    return RecurrenceRule.create({ rule: formatRRule(parts), timeZone, start: first }, options);
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
  next(after: string, budget: ExpansionBudget = this.expansionBudget()): Occurrence | null {
    const afterMs = Date.parse(parseInstant(after, 'after'));
    if (this.startMs > afterMs) {
      return this.first();
    }
    for (const { occurrence } of this.walker.walk(afterMs, undefined, budget)) {
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
    budget: ExpansionBudget = this.expansionBudget(),
  ): NumberedOccurrence | null {
    if (!Number.isInteger(current.number) || current.number < 1) {
      throw new InvalidArgumentError('number', 'must be a whole number from 1');
    }
    const from: CountFrom = {
      ms: Date.parse(parseInstant(current.instant, 'instant')),
      number: current.number,
    };
    const afterMs = Math.max(from.ms, Date.parse(parseInstant(after, 'after')));
    for (const { occurrence, number } of this.walker.walk(afterMs, from, budget)) {
      return { ...occurrence, number, skipped: number - current.number - 1 };
    }
    return null;
  }

  /**
   * Up to `count` (1…1000) occurrences at or after `from`, ascending: fewer when the series
   * ends. A series with COUNT counts from its start, unless the caller names a `current`
   * occurrence (at or before `from`) and its number to count on from.
   */
  occurrences(
    from: string,
    count: number,
    current?: { readonly instant: string; readonly number: number },
  ): Occurrence[] {
    if (!Number.isInteger(count) || count < 1 || count > MAX_OCCURRENCES_LISTED) {
      throw new InvalidArgumentError(
        'count',
        `must be a whole number from 1 to ${MAX_OCCURRENCES_LISTED}`,
      );
    }
    const afterMs = Date.parse(parseInstant(from, 'from')) - 1;
    const out: Occurrence[] = this.startMs > afterMs ? [this.first()] : [];
    // Counting on from just before the current occurrence gives it out too (it is one the
    // pattern picks: only the start may lie off the pattern, and that one is first()).
    const base: CountFrom | undefined =
      current !== undefined && current.number > 1 && Number.isInteger(current.number)
        ? {
            ms: Date.parse(parseInstant(current.instant, 'current')) - 1,
            number: current.number - 1,
          }
        : undefined;
    const walk: Generator<Numbered> = this.walker.walk(afterMs, base, this.expansionBudget());
    while (out.length < count) {
      const step = walk.next();
      if (step.done === true) {
        break;
      }
      out.push(step.value.occurrence);
    }
    return out;
  }

  /**
   * A fresh budget for one expansion; callers that expand several times for one decision
   * (the missed-walk) share one across their calls.
   */
  expansionBudget(): ExpansionBudget {
    return new ExpansionBudget(`${this.field}.rule`, this.stopwatch);
  }
}
