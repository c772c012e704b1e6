import { fromLocalDateTime, toIsoUtc } from '@tickler/core/domain';
import fc from 'fast-check';
import { civilDateOf, daysInMonth, epochDayOf, isLeapYear, weekdayOf } from './civil-date';
import { parseRRule } from './parse-rrule';
import { RecurrenceTooCostlyError } from './expansion-budget';
import { type Occurrence, RecurrenceRule } from './recurrence-rule';
import { type ByDay, type RRuleParts, WEEKDAY_CODES } from './rrule-parts';
import { seriesTimes } from './series-time';

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/Santiago',
  'Australia/Sydney',
];
const LISTED = 40;

/** Random rules of the whole subset (some never fire; those are skipped by fc.pre). */
const ruleText = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
    interval: fc.integer({ min: 1, max: 3 }),
    byMonth: fc.subarray([1, 2, 3, 4, 6, 10, 11, 12], { maxLength: 3 }),
    byMonthDay: fc.subarray([1, 15, 28, 29, 30, 31, -1, -2], { maxLength: 2 }),
    weekdays: fc.subarray([...WEEKDAY_CODES], { maxLength: 3 }),
    ordinal: fc.constantFrom(0, 0, 1, 2, -1, -2),
    byHour: fc.subarray([0, 1, 2, 3, 9, 23], { maxLength: 2 }),
    byMinute: fc.subarray([0, 15, 30, 45], { maxLength: 2 }),
  })
  .map((r) => {
    const numbered = r.ordinal !== 0 && (r.freq === 'MONTHLY' || r.freq === 'YEARLY');
    const monthDays = r.freq === 'WEEKLY' || numbered ? [] : r.byMonthDay;
    const parts = [`FREQ=${r.freq}`, `INTERVAL=${r.interval}`];
    const lists: [string, (string | number)[]][] = [
      ['BYMONTH', r.byMonth],
      ['BYMONTHDAY', monthDays],
      ['BYDAY', r.weekdays.map((d) => (numbered ? `${r.ordinal}${d}` : d))],
      ['BYHOUR', r.byHour],
      ['BYMINUTE', r.byMinute],
    ];
    for (const [name, values] of lists) {
      if (values.length > 0) {
        parts.push(`${name}=${values.join(',')}`);
      }
    }
    return parts.join(';');
  });

const instant2025to2027 = fc
  .integer({ min: Date.UTC(2025, 0, 1) / 60_000, max: Date.UTC(2027, 11, 31) / 60_000 })
  .map((minutes) => toIsoUtc(minutes * 60_000));

function ruleOrSkip(rule: string, timeZone: string, start: string): RecurrenceRule {
  try {
    return RecurrenceRule.create({ rule, timeZone, start });
  } catch {
    fc.pre(false);
    throw new Error('unreachable');
  }
}

/**
 * The first `count` occurrences from `from`, or a skipped case when listing them is refused as
 * too costly: a random rule can be rare enough (29 February on a Sunday, `COUNT=30`) that the
 * expansion budget refuses it, which is the answer the product gives such a rule and is tested
 * on its own; the properties here are about rules that can be listed.
 */
function listOrSkip(series: RecurrenceRule, from: string, count: number): Occurrence[] {
  try {
    return series.occurrences(from, count);
  } catch (error) {
    if (error instanceof RecurrenceTooCostlyError) {
      fc.pre(false);
    }
    throw error;
  }
}

const arbitrarySeries = fc
  .record({ rule: ruleText, zone: fc.constantFrom(...ZONES), start: instant2025to2027 })
  .map(({ rule, zone, start }) => ({ rule, zone, start }));

/** The n-th weekday of its month / year counted from the start (+) and from the end (−). */
function matchesNumbered(entry: ByDay, dayIndex: number, length: number): boolean {
  return entry.ordinal > 0
    ? Math.ceil(dayIndex / 7) === entry.ordinal
    : Math.ceil((length - dayIndex + 1) / 7) === -entry.ordinal;
}

/**
 * An independent reading of the same rules: walk every calendar day and ask "does the rule
 * pick this day?" (the expander instead builds each period's days). The two must agree.
 */
function picksDay(parts: RRuleParts, anchorDay: number, day: number): boolean {
  const anchor = civilDateOf(anchorDay);
  const date = civilDateOf(day);
  const weekday = weekdayOf(day);
  const length = daysInMonth(date.year, date.month);
  const monthOk = parts.byMonth.length === 0 || parts.byMonth.includes(date.month);
  const monthDayOk = parts.byMonthDay.some((n) => (n > 0 ? n : length + 1 + n) === date.day);
  const weekdayOk = (scopeIndex: number, scopeLength: number) =>
    parts.byDay.some(
      (d) =>
        d.weekday === weekday && (d.ordinal === 0 || matchesNumbered(d, scopeIndex, scopeLength)),
    );
  const inMonth = () =>
    parts.byMonthDay.length > 0
      ? monthDayOk && (parts.byDay.length === 0 || weekdayOk(date.day, length))
      : parts.byDay.length > 0
        ? weekdayOk(date.day, length)
        : date.day === anchor.day;
  const weekStart = (d: number) => d - ((weekdayOf(d) - parts.weekStart + 7) % 7);
  switch (parts.freq) {
    case 'DAILY':
      return (
        (day - anchorDay) % parts.interval === 0 &&
        monthOk &&
        (parts.byMonthDay.length === 0 || monthDayOk) &&
        (parts.byDay.length === 0 || weekdayOk(0, 0))
      );
    case 'WEEKLY':
      return (
        ((weekStart(day) - weekStart(anchorDay)) / 7) % parts.interval === 0 &&
        monthOk &&
        (parts.byDay.length > 0 ? weekdayOk(0, 0) : weekday === weekdayOf(anchorDay))
      );
    case 'MONTHLY':
      return (
        ((date.year - anchor.year) * 12 + date.month - anchor.month) % parts.interval === 0 &&
        monthOk &&
        inMonth()
      );
    case 'YEARLY': {
      if ((date.year - anchor.year) % parts.interval !== 0) {
        return false;
      }
      if (parts.byMonth.length > 0 || parts.byMonthDay.length > 0) {
        return monthOk && inMonth();
      }
      if (parts.byDay.length > 0) {
        const dayOfYear = day - epochDayOf(date.year, 1, 1) + 1;
        return weekdayOk(dayOfYear, isLeapYear(date.year) ? 366 : 365);
      }
      return date.month === anchor.month && date.day === anchor.day;
    }
  }
}

/** The first `count` occurrences by brute force: every day × every series time, deduplicated. */
function bruteForce(rule: RecurrenceRule, count: number): string[] {
  const parts = parseRRule(rule.rule);
  const start = rule.startLocal;
  const anchorDay = epochDayOf(start.year, start.month, start.day);
  const out = [rule.start];
  for (let day = anchorDay; out.length < count && day < anchorDay + 366 * 12; day++) {
    if (!picksDay(parts, anchorDay, day)) {
      continue;
    }
    const instants = seriesTimes(parts, start)
      .map((time) => fromLocalDateTime({ ...civilDateOf(day), ...time }, rule.timeZone).instant)
      .sort();
    for (const instant of instants) {
      if (instant > (out[out.length - 1] ?? '') && out.length < count) {
        out.push(instant);
      }
    }
  }
  return out;
}

const timeOfDay = (o: Occurrence, of: 'local' | 'intended') => o[of].slice(11, 16);

describe('RecurrenceRule properties (random rules in six zones, 2025–2027)', () => {
  it('occurrences are strictly increasing, start with the start, and next() walks the same list', () => {
    fc.assert(
      fc.property(arbitrarySeries, ({ rule, zone, start }) => {
        const series = ruleOrSkip(rule, zone, start);
        const list = listOrSkip(series, series.start, LISTED);
        expect(list[0]?.instant).toBe(series.start);
        for (let i = 1; i < list.length; i++) {
          expect(list[i]!.instant > list[i - 1]!.instant).toBe(true);
        }
        // next() from every fifth occurrence (each call starts afresh, so sample them).
        for (let i = 1; i < list.length; i += 5) {
          expect(series.next(list[i - 1]!.instant)).toEqual(list[i]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("each occurrence is at the promised local time of day; only a DST gap moves it, by the gap's length", () => {
    fc.assert(
      fc.property(arbitrarySeries, ({ rule, zone, start }) => {
        const series = ruleOrSkip(rule, zone, start);
        const promised = new Set(
          seriesTimes(series.parts, series.startLocal).map(
            (t) => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`,
          ),
        );
        for (const o of listOrSkip(series, series.start, LISTED).slice(1)) {
          expect(promised.has(timeOfDay(o, 'intended'))).toBe(true);
          if (o.gapShiftMinutes === 0) {
            expect(o.local).toBe(o.intended);
          } else {
            const moved = Date.parse(`${o.local}Z`) - Date.parse(`${o.intended}Z`);
            expect(moved).toBe(o.gapShiftMinutes * 60_000);
            expect([30, 60]).toContain(o.gapShiftMinutes);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('agrees with a brute-force day-by-day reading of the rule', () => {
    fc.assert(
      fc.property(arbitrarySeries, ({ rule, zone, start }) => {
        const series = ruleOrSkip(rule, zone, start);
        const expected = bruteForce(series, 25);
        const actual = series.occurrences(series.start, expected.length).map((o) => o.instant);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('following() from occurrence N is occurrence N+1, numbered, also under COUNT', () => {
    const counted = arbitrarySeries.map((s) => ({ ...s, rule: `${s.rule};COUNT=30` }));
    fc.assert(
      fc.property(fc.oneof(arbitrarySeries, counted), ({ rule, zone, start }) => {
        const series = ruleOrSkip(rule, zone, start);
        const list = listOrSkip(series, series.start, 30);
        for (let i = 0; i < list.length; i += 7) {
          const next = series.following({ instant: list[i]!.instant, number: i + 1 });
          expect(next === null ? null : next.instant).toBe(list[i + 1]?.instant ?? null);
          expect(next?.number ?? i + 2).toBe(i + 2);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a preview from any later instant is the tail of the full list (skipping ahead loses nothing)', () => {
    fc.assert(
      fc.property(
        arbitrarySeries,
        fc.integer({ min: 1, max: LISTED - 5 }),
        ({ rule, zone, start }, cut) => {
          const series = ruleOrSkip(rule, zone, start);
          const list = listOrSkip(series, series.start, LISTED);
          fc.pre(list.length > cut);
          expect(series.occurrences(list[cut]!.instant, 5)).toEqual(list.slice(cut, cut + 5));
        },
      ),
      { numRuns: 60 },
    );
  });
});
