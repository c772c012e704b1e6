import { InvalidArgumentError } from '@tickler/core/domain';
import fc from 'fast-check';
import { EXPANSION_LIMITS, ExpansionBudget, RecurrenceTooCostlyError } from './expansion-budget';
import { parseRRule, RRULE_LIMITS } from './parse-rrule';
import { RecurrenceRule } from './recurrence-rule';

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Issue 29's rule: every minute of every day of the year (389 characters). */
const ISSUE_RULE = `FREQ=YEARLY;BYMONTH=${range(1, 12).join(',')};BYMONTHDAY=${range(1, 31).join(',')};BYHOUR=${range(0, 23).join(',')};BYMINUTE=${range(0, 59).join(',')}`;

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidArgumentError || error instanceof RecurrenceTooCostlyError) {
      return String(error.details.field);
    }
    throw error;
  }
  return undefined;
}

describe('a rule is checked for what its expansion can cost when it is accepted', () => {
  it("refuses issue 29's 389-character rule in Europe/Berlin at once, naming repeat.rule", () => {
    expect(ISSUE_RULE).toHaveLength(389);
    const create = () =>
      RecurrenceRule.create({
        rule: ISSUE_RULE,
        timeZone: 'Europe/Berlin',
        start: '2026-01-01T00:00:00+01:00',
      });
    expect(fieldOf(create)).toBe('repeat.rule');
    expect(create).toThrow(/BYHOUR × BYMINUTE picks 1440 times of day; at most 96/);
  });

  it.each([
    [`FREQ=YEARLY;BYMONTHDAY=${range(1, 31).join(',')};BYHOUR=0,6,12,18`, /1464 instants per year/],
    [
      `FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=${range(0, 23).join(',')};BYMINUTE=0,30`,
      /per month/,
    ],
    [
      `FREQ=MONTHLY;BYMONTHDAY=${range(1, 31).join(',')};BYHOUR=${range(0, 23).join(',')};BYMINUTE=0,30`,
      /1488 instants per month/,
    ],
  ])('refuses a product of BY-lists over the limit: %s', (rule, message) => {
    expect(() => parseRRule(rule, 'repeat.rule')).toThrow(message);
  });

  it('accepts what people ask for: every 15 minutes, every day of the year, weekdays twice', () => {
    for (const rule of [
      `FREQ=DAILY;BYHOUR=${range(0, 23).join(',')};BYMINUTE=0,15,30,45`,
      `FREQ=YEARLY;BYMONTHDAY=${range(1, 31).join(',')}`,
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9,17;BYMINUTE=0',
    ]) {
      expect(() => parseRRule(rule)).not.toThrow();
    }
  });

  it('reads a stored rule without the cost check (a later limit must not hide a series)', () => {
    expect(parseRRule(ISSUE_RULE, 'rule', { stored: true }).byMinute).toHaveLength(60);
    const stored = RecurrenceRule.rehydrate({
      rule: ISSUE_RULE,
      timeZone: 'Europe/Berlin',
      start: '2026-01-01T00:00:00+01:00',
    });
    // Lazy by the day: the next minute is found without expanding the year.
    const budget = stored.expansionBudget();
    expect(stored.next('2026-06-01T10:00:30Z', budget)?.instant).toBe('2026-06-01T10:01:00.000Z');
    expect(budget.spent).toBeLessThan(4 * 1440 + 400);
  });
});

describe('every expansion runs within a step budget', () => {
  it('a walk that would take more steps stops with RecurrenceTooCostlyError naming the field', () => {
    // Fires once in 28 years or so, written as a daily rule: each day is a period to look at.
    const rare = RecurrenceRule.create(
      {
        rule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO',
        timeZone: 'UTC',
        start: '2044-02-29T09:00:00Z',
      },
      'repeat',
    );
    const list = () => rare.occurrences(rare.start, 100);
    expect(list).toThrow(RecurrenceTooCostlyError);
    expect(fieldOf(list)).toBe('repeat.rule');
  });

  it('a stopwatch bounds the time: a clock that jumps past the limit stops the walk', () => {
    let now = 0;
    const budget = new ExpansionBudget('repeat.rule', () => (now += 1000));
    expect(() => {
      for (let i = 0; i < EXPANSION_LIMITS.checkEvery * 2; i++) {
        budget.spend();
      }
    }).toThrow(/longer than 20 ms/);
    expect(budget.spent).toBe(EXPANSION_LIMITS.checkEvery);
  });
});

/** A BY-list: mostly valid values, long or short, now and then one out of range. */
function byList(valid: number[], invalid: number[]): fc.Arbitrary<number[]> {
  return fc.oneof(
    { arbitrary: fc.constant<number[]>([]), weight: 3 },
    { arbitrary: fc.subarray(valid, { maxLength: 4 }), weight: 4 },
    { arbitrary: fc.subarray(valid), weight: 3 },
    { arbitrary: fc.subarray([...valid, ...invalid]), weight: 1 },
  );
}

/** Rule text from random parts, lists as long as the subset allows (attackers write these). */
const anyRule = fc
  .record({
    freq: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'HOURLY', 'daily'),
    interval: fc.option(fc.integer({ min: -2, max: 1200 })),
    byMonth: byList(range(1, 12), [0, 13]),
    byMonthDay: byList([...range(-31, -1), ...range(1, 31)], [0, 32, -32]),
    byDay: fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU', '1MO', '-1FR', '53SU', '0MO'], {
      maxLength: 4,
    }),
    byHour: byList(range(0, 23), [24, -1]),
    byMinute: byList(range(0, 59), [60, -1]),
    end: fc.constantFrom(
      '',
      ';COUNT=1000',
      ';COUNT=3',
      ';UNTIL=20991231',
      ';UNTIL=20270101T000000Z',
    ),
  })
  .map((r) => {
    const parts = [`FREQ=${r.freq}`];
    if (r.interval !== null) {
      parts.push(`INTERVAL=${r.interval}`);
    }
    const lists: [string, readonly (string | number)[]][] = [
      ['BYMONTH', r.byMonth],
      ['BYMONTHDAY', r.byMonthDay],
      ['BYDAY', r.byDay],
      ['BYHOUR', r.byHour],
      ['BYMINUTE', r.byMinute],
    ];
    for (const [name, values] of lists) {
      if (values.length > 0) {
        parts.push(`${name}=${values.join(',')}`);
      }
    }
    return parts.join(';') + r.end;
  });

const ZONES = ['Europe/Berlin', 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Apia', 'UTC'];
const instant = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2060, 0, 1) })
  .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString());

describe('fuzzing the parser and the expander (fast-check)', () => {
  it('the parser answers any text with parts within the cost limits or an error naming the field', () => {
    fc.assert(
      fc.property(fc.oneof(anyRule, fc.string({ maxLength: 600 })), (text) => {
        let parts;
        try {
          parts = parseRRule(text, 'repeat.rule');
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidArgumentError);
          expect((error as InvalidArgumentError).field).toBe('repeat.rule');
          return;
        }
        const times = Math.max(1, parts.byHour.length) * Math.max(1, parts.byMinute.length);
        expect(times).toBeLessThanOrEqual(RRULE_LIMITS.timesPerDay);
      }),
      { numRuns: 400 },
    );
  });

  it('every expansion of an accepted rule stays within the step bound, or stops naming repeat.rule', () => {
    fc.assert(
      fc.property(anyRule, fc.constantFrom(...ZONES), instant, instant, (rule, zone, start, at) => {
        let series: RecurrenceRule;
        try {
          series = RecurrenceRule.create({ rule, timeZone: zone, start });
        } catch (error) {
          // Refused when accepted: a bad rule (400) or one whose check ran out of budget (422).
          expect(
            fieldOf(() => {
              throw error;
            }),
          ).toBe('repeat.rule');
          return;
        }
        for (const expand of [
          (b: ExpansionBudget) => series.next(at, b),
          (b: ExpansionBudget) => series.following({ instant: series.start, number: 1 }, at, b),
        ]) {
          const budget = series.expansionBudget();
          try {
            expand(budget);
          } catch (error) {
            expect(error).toBeInstanceOf(RecurrenceTooCostlyError);
            expect((error as RecurrenceTooCostlyError).field).toBe('repeat.rule');
          }
          expect(budget.spent).toBeLessThanOrEqual(
            EXPANSION_LIMITS.steps + RRULE_LIMITS.timesPerDay,
          );
        }
        // A preview lists what it can; it never walks past the bound either.
        try {
          expect(series.occurrences(at, 10).length).toBeLessThanOrEqual(10);
        } catch (error) {
          expect(error).toBeInstanceOf(RecurrenceTooCostlyError);
        }
      }),
      { numRuns: 150 },
    );
  });
});
