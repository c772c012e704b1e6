import fc from 'fast-check';
import { fromLocalTimesOfDay } from './local-times-of-day';
import { fromLocalDateTime } from './zoned-time';

const ZONES = Intl.supportedValuesOf('timeZone');
const TIMES = [
  { hour: 0, minute: 0, second: 0, millisecond: 0 },
  { hour: 0, minute: 30, second: 0, millisecond: 0 },
  { hour: 1, minute: 30, second: 0, millisecond: 0 },
  { hour: 2, minute: 0, second: 0, millisecond: 0 },
  { hour: 2, minute: 30, second: 15, millisecond: 250 },
  { hour: 3, minute: 0, second: 0, millisecond: 0 },
  { hour: 12, minute: 0, second: 0, millisecond: 0 },
  { hour: 23, minute: 30, second: 0, millisecond: 0 },
  { hour: 23, minute: 59, second: 59, millisecond: 999 },
];

/** What fromLocalDateTime answers for each time (undefined where it refuses). */
function oneByOne(
  date: { year: number; month: number; day: number },
  zone: string,
): ReturnType<typeof fromLocalTimesOfDay> {
  return TIMES.map((time) => {
    try {
      return fromLocalDateTime({ ...date, ...time }, zone);
    } catch {
      return undefined;
    }
  });
}

describe('fromLocalTimesOfDay: the recurrence fast path', () => {
  it('answers exactly what fromLocalDateTime answers, in every zone the runtime knows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1970, 0, 2), max: Date.UTC(2100, 0, 1) }),
        (zone, ms) => {
          const at = new Date(ms);
          const date = {
            year: at.getUTCFullYear(),
            month: at.getUTCMonth() + 1,
            day: at.getUTCDate(),
          };
          expect(fromLocalTimesOfDay(date, TIMES, zone)).toEqual(oneByOne(date, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees through the clock-change months of random zones and years, hour by hour', () => {
    const hourly = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      minute: 30,
      second: 0,
      millisecond: 0,
    }));
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1970, max: 2040 }),
        fc.constantFrom(3, 4, 9, 10, 11),
        (zone, year, month) => {
          for (let day = 1; day <= 30; day++) {
            const date = { year, month, day };
            const expected = hourly.map((time) => {
              try {
                return fromLocalDateTime({ ...date, ...time }, zone);
              } catch {
                return undefined;
              }
            });
            expect(fromLocalTimesOfDay(date, hourly, zone)).toEqual(expected);
          }
        },
      ),
      { numRuns: 6 },
    );
  });

  it.each([
    ['Europe/Berlin', 2026, 3, 29],
    ['Europe/Berlin', 2026, 10, 25],
    ['America/New_York', 2026, 11, 1],
    ['America/Santiago', 2026, 9, 6],
    ['Australia/Lord_Howe', 2026, 10, 4],
    ['Pacific/Apia', 2011, 12, 30],
    ['Pacific/Apia', 2011, 12, 31],
    ['Pacific/Apia', 2011, 12, 29],
  ])('agrees on the days around a clock change (%s %d-%d-%d)', (zone, year, month, day) => {
    for (let shift = -2; shift <= 2; shift++) {
      const at = new Date(Date.UTC(year, month - 1, day + shift));
      const date = { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
      expect(fromLocalTimesOfDay(date, TIMES, zone)).toEqual(oneByOne(date, zone));
    }
  });

  it('has no instant past 9999', () => {
    const last = fromLocalTimesOfDay({ year: 9999, month: 12, day: 31 }, TIMES, 'America/New_York');
    expect(last.at(-1)).toBeUndefined();
    expect(last[0]?.instant).toBe('9999-12-31T05:00:00.000Z');
  });
});
