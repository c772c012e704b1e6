import fc from 'fast-check';
import { invalidArgumentFrom } from '../testing/invalid-argument';
import { parseDuration } from './duration';

const rejection = (input: unknown, field = 'repeat.every') =>
  invalidArgumentFrom(() => parseDuration(input as string, field));

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['10m', 600_000],
    ['1h30m', 5_400_000],
    ['1h 30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['2d', 172_800_000],
    ['1w', 604_800_000],
    ['500ms', 500],
    ['0.5s', 500],
    ['1d2h3m4s5ms', 93_784_005],
    [' 1m ', 60_000],
    ['PT1H30M', 5_400_000],
    ['pt1h30m', 5_400_000],
    ['P1D', 86_400_000],
    ['P1W', 604_800_000],
    ['P1DT12H', 129_600_000],
    ['PT0.5S', 500],
    ['PT1,5H', 5_400_000],
    [250, 250],
  ])('reads %p as %d ms', (input, ms) => {
    expect(parseDuration(input)).toBe(ms);
  });

  it.each([['5'], ['12'], ['1.5'], [' 30 ']])(
    'refuses %p: a bare number has no unit, and the error says what to write',
    (input) => {
      const error = rejection(input, 'TICKLER_GRACE');
      expect(error.field).toBe('TICKLER_GRACE');
      expect(error.message).toMatch(/^TICKLER_GRACE: "[\d.]+" has no unit; write e\.g\. /);
      expect(error.message).not.toContain('\n');
    },
  );

  it.each([
    ['0s', /longer than zero/],
    ['PT0S', /longer than zero/],
    ['1.5ms', /whole number of milliseconds/],
    ['0.0001s', /whole number of milliseconds/],
    ['P1M', /months and years/],
    ['P1Y', /months and years/],
    ['P1Y2M3D', /months and years/],
    ['30m1h', /largest first/],
    ['1m1m', /largest first/],
    ['99999999999999999d', /too long/],
  ])('refuses %p (%s)', (input, why) => {
    expect(rejection(input).message).toMatch(why);
  });

  it.each([
    [''],
    ['-1s'],
    ['abc'],
    ['1m30'],
    ['m'],
    ['1 h'],
    ['1M'],
    ['1y'],
    ['P'],
    ['PT'],
    ['P1H'],
    ['1h30m!'],
    ['x'.repeat(65)],
    [0],
    [-5],
    [1.5],
    [Number.NaN],
    [null],
    [undefined],
    [{}],
    [['1m']],
  ])('refuses %p with an InvalidArgumentError naming the field', (input) => {
    expect(rejection(input).field).toBe('repeat.every');
  });

  it('agrees with itself across forms: h/m/s text equals the same ISO 8601 duration', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        (h, m, s) => {
          fc.pre(h + m + s > 0);
          const compact = `${h}h ${m}m ${s}s`;
          const iso = `PT${h}H${m}M${s}S`;
          return (
            parseDuration(compact) === parseDuration(iso) &&
            parseDuration(iso) === ((h * 60 + m) * 60 + s) * 1000
          );
        },
      ),
    );
  });
});
