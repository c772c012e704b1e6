import {
  fromLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
  toIsoUtc,
  toLocalDateTime,
} from '@tickler/core/domain';
import { type CivilDate, civilDateOf, epochDayOf } from './civil-date';
import { EXPANSION_LIMITS, type ExpansionBudget } from './expansion-budget';
import { daysOfPeriod, firstDayInMonthLists, periodIndexOf, periodStart } from './period-dates';
import { type RRuleParts } from './rrule-parts';
import { candidatesOfDay, type Occurrence, type SeriesTime, seriesTimes } from './series-time';

/** A series ends after this many days without an occurrence (400 Gregorian years). */
const SCAN_DAYS = 146_097;
const LAST_DAY = epochDayOf(9999, 12, 31);
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');
/**
 * Local days before the day of interest that are still converted: a candidate from the day
 * before can only pass a time of the next day when the zone skipped a whole day (Pacific/Apia
 * on 30 December 2011); one from two days before never can. Earlier days are not converted.
 */
const MARGIN_DAYS = 1;
const DAY_MS = 86_400_000;

const EVERY_MONTH_DAY = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * The same rule with periods of a week or a month where that picks the same days: a DAILY rule
 * with INTERVAL=1 whose BY-parts only limit which days fire is, day for day, the WEEKLY rule
 * of its BYDAY or the MONTHLY rule of its BYMONTHDAY (or of every day of its BYMONTH) — RFC
 * 5545's limit and expand tables agree for this subset. A rare pattern (29 February on a
 * Monday, once in 28 years) is then looked for in months, not one day at a time.
 */
function coarserPeriods(parts: RRuleParts): RRuleParts {
  if (parts.freq !== 'DAILY' || parts.interval !== 1) {
    return parts;
  }
  if (parts.byMonthDay.length > 0) {
    return { ...parts, freq: 'MONTHLY' };
  }
  if (parts.byDay.length > 0) {
    return { ...parts, freq: 'WEEKLY' };
  }
  if (parts.byMonth.length > 0) {
    return { ...parts, freq: 'MONTHLY', byMonthDay: EVERY_MONTH_DAY };
  }
  return parts;
}

/** An occurrence and its 1-based number in the series. */
export interface Numbered {
  readonly occurrence: Occurrence;
  readonly number: number;
}

/** One instant a period picks, with its local day (epoch day). */
interface Candidate {
  readonly ms: number;
  readonly day: number;
  readonly occurrence: () => Occurrence;
}

/** A known occurrence to count from: its instant (ms) and its number. */
export interface CountFrom {
  readonly ms: number;
  readonly number: number;
}

/**
 * Walks a series' occurrences in time order, period by period (see `period-dates.ts`), turning
 * each picked day × time of day into an instant by the zone's DST policy. Candidates that land
 * on an instant already passed (two times on one instant in a gap) are dropped, so the walk is
 * strictly increasing.
 */
export class SeriesWalker {
  private readonly anchor: CivilDate;
  private readonly anchorDay: number;
  private readonly times: readonly SeriesTime[];
  /** UNTIL as an inclusive instant (ms), if any. */
  readonly untilMs: number | undefined;

  /** The rule the walk steps through period by period (see {@link coarserPeriods}). */
  private readonly periods: RRuleParts;

  constructor(
    private readonly parts: RRuleParts,
    private readonly timeZone: string,
    private readonly startMs: number,
    startLocal: LocalDateTime,
  ) {
    this.anchor = { year: startLocal.year, month: startLocal.month, day: startLocal.day };
    this.anchorDay = epochDayOf(startLocal.year, startLocal.month, startLocal.day);
    this.times = seriesTimes(parts, startLocal);
    this.periods = coarserPeriods(parts);
    this.untilMs = this.untilInstantMs();
  }

  /**
   * Occurrences strictly after `afterMs` (the start, numbered 1, excepted: the caller yields
   * it). Numbers are counted from `from` — a known occurrence — or from the start; COUNT needs
   * them, so a counted walk visits every occurrence after `from`, while an uncounted one skips
   * to the period before `afterMs` (its numbers are then meaningless).
   */
  *walk(
    afterMs: number,
    from: CountFrom | undefined,
    budget: ExpansionBudget,
  ): Generator<Numbered> {
    const count = this.parts.count;
    const base = from ?? { ms: this.startMs, number: 1 };
    const counting = count !== undefined || from !== undefined;
    if (count !== undefined && base.number >= count) {
      return;
    }
    const lowMs = counting ? base.ms : Math.max(base.ms, afterMs);
    const lowDay = lowMs === this.startMs ? this.anchorDay : this.localDay(lowMs);
    const minDay = Math.max(this.anchorDay, lowDay - MARGIN_DAYS);
    const afterDay = afterMs <= lowMs ? lowDay : this.localDay(afterMs);
    // The series ends after 400 years without an occurrence: counted from the instant asked
    // about, and again from every occurrence found.
    let stopDay = Math.min(LAST_DAY, afterDay + SCAN_DAYS);
    let number = base.number;
    let last = base.ms;
    // Periods before the one holding minDay pick only earlier days.
    const firstPeriod = Math.max(0, periodIndexOf(this.periods, this.anchor, minDay));
    for (let k = this.plausible(firstPeriod, budget); ; k = this.plausible(k + 1, budget)) {
      if (periodStart(this.periods, this.anchor, k) > stopDay) {
        return;
      }
      for (const candidate of this.candidates(k, minDay, lowMs, budget)) {
        if (candidate.ms <= last) {
          continue;
        }
        if (this.untilMs !== undefined && candidate.ms > this.untilMs) {
          return;
        }
        last = candidate.ms;
        number++;
        stopDay = Math.min(LAST_DAY, Math.max(stopDay, candidate.day + SCAN_DAYS));
        if (candidate.ms > afterMs) {
          yield { occurrence: candidate.occurrence(), number };
        }
        if (count !== undefined && number >= count) {
          return;
        }
      }
    }
  }

  /** First instant at or after `fromMs` that the pattern picks (the start not assumed). */
  patternAtOrAfter(fromMs: number, budget: ExpansionBudget): string | null {
    const fromDay = this.localDay(fromMs);
    const stopDay = Math.min(LAST_DAY, fromDay + SCAN_DAYS);
    const firstPeriod = Math.max(0, periodIndexOf(this.periods, this.anchor, fromDay) - 1);
    // Days before the one of `fromMs` (less a margin for a skipped day) pick earlier instants.
    const minDay = Math.max(this.anchorDay, fromDay - 1);
    for (let k = this.plausible(firstPeriod, budget); ; k = this.plausible(k + 1, budget)) {
      if (periodStart(this.periods, this.anchor, k) > stopDay) {
        return null;
      }
      for (const candidate of this.candidates(k, minDay, fromMs - 1, budget)) {
        if (candidate.ms >= fromMs) {
          return candidate.occurrence().instant;
        }
      }
    }
  }

  /**
   * Period `k`, or for a DAILY walk the first period from it whose day BYMONTH and BYMONTHDAY
   * allow (days in between pick nothing); one budget step either way.
   */
  private plausible(k: number, budget: ExpansionBudget): number {
    budget.spend();
    if (this.periods.freq !== 'DAILY') {
      return k;
    }
    const day = periodStart(this.periods, this.anchor, k);
    const allowed = firstDayInMonthLists(this.periods, day, budget);
    return k + Math.ceil((allowed - day) / this.periods.interval);
  }

  /**
   * The rule's instants in period `k` from local day `minDay` on, ascending, made as they are
   * asked for: a walk that stops at its first hit makes a few instants, not a whole period.
   * A day with one UTC offset gives its instants out as it makes them (they lie before the next
   * day's first). Near an offset change a day's instants are held and given out once they are
   * earlier than a bound for the days after: no instant of a local day lies more than a day
   * before its midnight read as UTC (offsets are under 24 hours; a DST gap only moves times
   * later). Either way the order is that of sorting the whole period.
   */
  private *candidates(
    k: number,
    minDay: number,
    afterMs: number,
    budget: ExpansionBudget,
  ): Generator<Candidate> {
    const held: Candidate[] = [];
    for (const day of daysOfPeriod(this.periods, this.anchor, k)) {
      budget.spend();
      if (day < minDay || day > LAST_DAY) {
        continue;
      }
      held.sort((a, b) => a.ms - b.ms);
      const bound = day * DAY_MS - DAY_MS;
      while (held.length > 0 && (held[0]?.ms ?? bound) < bound) {
        yield held.shift() as Candidate;
      }
      const { inOrder, candidates } = candidatesOfDay(
        civilDateOf(day),
        this.times,
        this.timeZone,
        afterMs,
      );
      for (const candidate of candidates) {
        budget.spend(inOrder ? 1 : EXPANSION_LIMITS.nearChangeSteps);
        if (inOrder && held.length === 0) {
          yield { ...candidate, day };
        } else {
          held.push({ ...candidate, day });
        }
      }
    }
    yield* held.sort((a, b) => a.ms - b.ms);
  }

  private localDay(ms: number): number {
    const instant = toIsoUtc(Math.min(Math.max(ms, 0), LAST_MS));
    const { local } = toLocalDateTime(instant, this.timeZone);
    return epochDayOf(local.year, local.month, local.day);
  }

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
    // A date means that whole local day: up to the next day's first instant.
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
