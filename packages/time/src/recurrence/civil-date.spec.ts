import fc from 'fast-check';
import { civilDateOf, daysInMonth, epochDayOf, isLeapYear, weekdayOf } from './civil-date';

describe('civil dates as day numbers', () => {
  it('agrees with Date.UTC on every day from 1970 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_932_896 }), (n) => {
        const d = new Date(n * 86_400_000);
        const civil = civilDateOf(n);
        return (
          civil.year === d.getUTCFullYear() &&
          civil.month === d.getUTCMonth() + 1 &&
          civil.day === d.getUTCDate() &&
          epochDayOf(civil.year, civil.month, civil.day) === n &&
          weekdayOf(n) === (d.getUTCDay() === 0 ? 7 : d.getUTCDay())
        );
      }),
    );
  });

  it('knows leap years and month lengths (2100 is not leap, 2000 was)', () => {
    expect([1900, 2000, 2024, 2026, 2100].map(isLeapYear)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect([
      daysInMonth(2028, 2),
      daysInMonth(2026, 2),
      daysInMonth(2026, 4),
      daysInMonth(2026, 12),
    ]).toEqual([29, 28, 30, 31]);
    expect(weekdayOf(epochDayOf(1970, 1, 1))).toBe(4);
    expect(weekdayOf(epochDayOf(2026, 3, 29))).toBe(7);
  });
});
