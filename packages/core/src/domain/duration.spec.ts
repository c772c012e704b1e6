import { InvalidArgumentError } from './domain-error';
import { parseDuration } from './duration';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['1m', 60_000],
    ['12h', 43_200_000],
    ['1h30m', 5_400_000],
    ['2d', 172_800_000],
    ['1d2h3m4s5ms', 93_784_005],
    ['250', 250],
    [' 1m ', 60_000],
    [250, 250],
  ])('reads %p as %d ms', (input, ms) => {
    expect(parseDuration(input)).toBe(ms);
  });

  it.each([
    ['0s'],
    ['0'],
    [''],
    ['1.5h'],
    ['-1s'],
    ['abc'],
    ['1m30'],
    ['m'],
    ['1w'],
    [0],
    [-5],
    [1.5],
    [Number.NaN],
    ['99999999999999999d'],
  ])('rejects %p with an InvalidArgumentError naming the field', (input) => {
    expect(() => parseDuration(input, 'repeat.every')).toThrow(InvalidArgumentError);
    try {
      parseDuration(input, 'repeat.every');
    } catch (error) {
      expect((error as InvalidArgumentError).field).toBe('repeat.every');
    }
  });

  it('rejects values that are neither text nor numbers with a typed error', () => {
    for (const value of [null, undefined, {}, ['1m']]) {
      expect(() => parseDuration(value as string, 'every')).toThrow(InvalidArgumentError);
    }
  });
});
