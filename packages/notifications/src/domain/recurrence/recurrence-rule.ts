import {
  assertTimeZone,
  formatLocalDateTime,
  fromLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
  parseInstant,
  toIsoUtc,
  toLocalDateTime,
} from '@tickler/core/domain';
import { type CivilDate, civilDateOf, epochDayOf } from './civil-date';
import { parseRRule } from './parse-rrule';
import { daysOfPeriod, periodIndexOf, periodStart } from './period-dates';
import { formatRRule, type RRuleParts } from './rrule-parts';
import { type Occurrence, occurrenceAt, type SeriesTime, seriesTimes } from './series-time';

export { type Occurrence } from './series-time';

/** Most occurrences one {@link RecurrenceRule.occurrences} call lists. */
export const MAX_OCCURRENCES_LISTED = 1000;

/** A series ends when it finds no occurrence in this many days (400 Gregorian years). */
const SCAN_DAYS = 146_097;
const LAST_DAY = epochDayOf(9999, 12, 31);

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
 * - A series ends at COUNT, at UNTIL, after 9999, or when no occurrence falls in 400 years.
 */
export class RecurrenceRule {
  private readonly anchor: CivilDate;
  private readonly times: readonly SeriesTime[];
  private readonly startMs: number;
  private readonly untilMs: number | undefined;

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
    this.anchor = { year: startLocal.year, month: startLocal.month, day: startLocal.day };
    this.times = seriesTimes(parts, startLocal);
    this.startMs = Date.parse(start);
    this.untilMs = this.untilInstantMs();
  }

  /**
   * Validates and builds a series. Errors are {@link InvalidArgumentError}s on
   * `<field>.rule` (naming the RRULE part), `<field>.timeZone` or `<field>.start`.
   */
  static create(input: RecurrenceRuleInput, field = 'repeat'): RecurrenceRule {
    const parts = parseRRule(input.rule, `${field}.rule`);
    const timeZone = assertTimeZone(input.timeZone, `${field}.timeZone`);
    const start = parseInstant(input.start, `${field}.start`);
    const rule = new RecurrenceRule(parts, timeZone, start, toLocalDateTime(start, timeZone).local);
    if (rule.untilMs !== undefined && rule.untilMs < rule.startMs) {
      throw new InvalidArgumentError(
        `${field}.rule`,
        `UNTIL is before the first occurrence (${start})`,
      );
    }
    const endless = { ...parts, count: undefined, until: undefined };
    if (
      parts.count !== 1 &&
      new RecurrenceRule(endless, timeZone, start, rule.startLocal).next(start) === null
    ) {
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
    const anchorStart = fromLocalDateTime(local, timeZone, `${field}.from`).instant;
    const probe = new RecurrenceRule(
      { ...parts, count: undefined, until: undefined },
      timeZone,
      anchorStart,
      local,
    );
    const first = probe.patternAtOrAfter(Date.parse(from));
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
    const repeated = fromLocalDateTime(zoned.local, this.timeZone).repeated;
    const local = formatLocalDateTime(zoned.local);
    return {
      instant: this.start,
      local,
      offset: zoned.offset,
      intended: local,
      gapShiftMinutes: 0,
      repeated,
    };
  }

  /** The first occurrence strictly after `after` (RFC 3339), or null when the series has ended. */
  next(after: string): Occurrence | null {
    for (const occurrence of this.walk(Date.parse(parseInstant(after, 'after')))) {
      return occurrence;
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
    const out: Occurrence[] = [];
    for (const occurrence of this.walk(Date.parse(parseInstant(from, 'from')) - 1)) {
      out.push(occurrence);
      if (out.length === count) {
        break;
      }
    }
    return out;
  }

  /**
   * Occurrences strictly after `afterMs`, ascending and distinct. COUNT needs every earlier
   * occurrence counted, so a counted series walks from its start; an endless one skips to the
   * period before `afterMs`.
   */
  private *walk(afterMs: number): Generator<Occurrence> {
    const count = this.parts.count;
    if (this.startMs > afterMs) {
      yield this.first();
    }
    if (count === 1) {
      return;
    }
    let emitted = 1;
    let last = this.startMs;
    const fromDay = afterMs > this.startMs ? this.localDay(afterMs) : this.anchorDay;
    const firstPeriod =
      count === undefined ? Math.max(0, periodIndexOf(this.parts, this.anchor, fromDay) - 1) : 0;
    const stopDay = Math.min(LAST_DAY, fromDay + SCAN_DAYS);
    for (let k = firstPeriod; periodStart(this.parts, this.anchor, k) <= stopDay; k++) {
      for (const candidate of this.candidates(k)) {
        if (candidate.ms <= last) {
          continue;
        }
        if (this.untilMs !== undefined && candidate.ms > this.untilMs) {
          return;
        }
        last = candidate.ms;
        emitted++;
        if (candidate.ms > afterMs) {
          yield candidate.occurrence;
        }
        if (count !== undefined && emitted >= count) {
          return;
        }
      }
    }
  }

  /** The rule's instants in period `k`, ascending; days before the anchor are not the series'. */
  private candidates(k: number): { ms: number; occurrence: Occurrence }[] {
    const out: { ms: number; occurrence: Occurrence }[] = [];
    for (const day of daysOfPeriod(this.parts, this.anchor, k)) {
      if (day < this.anchorDay || day > LAST_DAY) {
        continue;
      }
      for (const time of this.times) {
        const occurrence = occurrenceAt(civilDateOf(day), time, this.timeZone);
        if (occurrence !== null) {
          out.push({ ms: Date.parse(occurrence.instant), occurrence });
        }
      }
    }
    return out.sort((a, b) => a.ms - b.ms);
  }

  /** First instant at or after `fromMs` that the pattern picks (the start itself not assumed). */
  private patternAtOrAfter(fromMs: number): string | null {
    const fromDay = this.localDay(fromMs);
    const stopDay = Math.min(LAST_DAY, fromDay + SCAN_DAYS);
    for (
      let k = Math.max(0, periodIndexOf(this.parts, this.anchor, fromDay) - 1);
      periodStart(this.parts, this.anchor, k) <= stopDay;
      k++
    ) {
      const hit = this.candidates(k).find((c) => c.ms >= fromMs);
      if (hit) {
        return hit.occurrence.instant;
      }
    }
    return null;
  }

  private get anchorDay(): number {
    return epochDayOf(this.anchor.year, this.anchor.month, this.anchor.day);
  }

  private localDay(ms: number): number {
    const { local } = toLocalDateTime(
      toIsoUtc(Math.min(ms, Date.parse('9999-12-31T23:59:59.999Z'))),
      this.timeZone,
    );
    return epochDayOf(local.year, local.month, local.day);
  }

  /** UNTIL as an inclusive instant: a date means the whole local day in the zone. */
  private untilInstantMs(): number | undefined {
    const until = this.parts.until;
    if (until === undefined) {
      return undefined;
    }
    if (until.kind === 'instant') {
      return Date.parse(until.instant);
    }
    if (until.kind === 'local') {
      return this.instantOrEdge(until.local);
    }
    const next = civilDateOf(epochDayOf(until.date.year, until.date.month, until.date.day) + 1);
    return this.instantOrEdge({ ...next, hour: 0, minute: 0, second: 0, millisecond: 0 }) - 1;
  }

  /** UNTIL's wall-clock time as an instant; outside 1970–9999 UTC, the edge it lies beyond. */
  private instantOrEdge(local: LocalDateTime): number {
    try {
      return Date.parse(fromLocalDateTime(local, this.timeZone).instant);
    } catch (error) {
      if (error instanceof InvalidArgumentError) {
        return local.year < 1970 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
      }
      throw error;
    }
  }
}
