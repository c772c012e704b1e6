import {
  fromLocalDateTime,
  InvalidArgumentError,
  type LocalDateTime,
  toIsoUtc,
  toLocalDateTime,
} from '@tickler/core/domain';
import { type CivilDate, civilDateOf, epochDayOf } from './civil-date';
import { daysOfPeriod, periodIndexOf, periodStart } from './period-dates';
import { type RRuleParts } from './rrule-parts';
import { type Occurrence, occurrenceAt, type SeriesTime, seriesTimes } from './series-time';

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

/** An occurrence and its 1-based number in the series. */
export interface Numbered {
  readonly occurrence: Occurrence;
  readonly number: number;
}

/** One instant a period picks, with its local day (epoch day). */
interface Candidate {
  readonly ms: number;
  readonly day: number;
  readonly occurrence: Occurrence;
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

  constructor(
    private readonly parts: RRuleParts,
    private readonly timeZone: string,
    private readonly startMs: number,
    startLocal: LocalDateTime,
  ) {
    this.anchor = { year: startLocal.year, month: startLocal.month, day: startLocal.day };
    this.anchorDay = epochDayOf(startLocal.year, startLocal.month, startLocal.day);
    this.times = seriesTimes(parts, startLocal);
    this.untilMs = this.untilInstantMs();
  }

  /**
   * Occurrences strictly after `afterMs` (the start, numbered 1, excepted: the caller yields
   * it). Numbers are counted from `from` — a known occurrence — or from the start; COUNT needs
   * them, so a counted walk visits every occurrence after `from`, while an uncounted one skips
   * to the period before `afterMs` (its numbers are then meaningless).
   */
  *walk(afterMs: number, from: CountFrom | undefined): Generator<Numbered> {
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
    const firstPeriod = Math.max(0, periodIndexOf(this.parts, this.anchor, minDay));
    for (let k = firstPeriod; periodStart(this.parts, this.anchor, k) <= stopDay; k++) {
      for (const candidate of this.candidates(k, minDay)) {
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
          yield { occurrence: candidate.occurrence, number };
        }
        if (count !== undefined && number >= count) {
          return;
        }
      }
    }
  }

  /** First instant at or after `fromMs` that the pattern picks (the start not assumed). */
  patternAtOrAfter(fromMs: number): string | null {
    const fromDay = this.localDay(fromMs);
    const stopDay = Math.min(LAST_DAY, fromDay + SCAN_DAYS);
    const firstPeriod = Math.max(0, periodIndexOf(this.parts, this.anchor, fromDay) - 1);
    for (let k = firstPeriod; periodStart(this.parts, this.anchor, k) <= stopDay; k++) {
      const hit = this.candidates(k, this.anchorDay).find((c) => c.ms >= fromMs);
      if (hit) {
        return hit.occurrence.instant;
      }
    }
    return null;
  }

  /** The rule's instants in period `k` from local day `minDay` on, ascending. */
  private candidates(k: number, minDay: number): Candidate[] {
    const out: Candidate[] = [];
    for (const day of daysOfPeriod(this.parts, this.anchor, k)) {
      if (day < minDay || day > LAST_DAY) {
        continue;
      }
      for (const time of this.times) {
        const occurrence = occurrenceAt(civilDateOf(day), time, this.timeZone);
        if (occurrence !== null) {
          out.push({ ms: Date.parse(occurrence.instant), day, occurrence });
        }
      }
    }
    return out.sort((a, b) => a.ms - b.ms);
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
