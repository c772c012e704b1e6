import { parseThrottle } from './throttle-rule';

describe('parseThrottle', () => {
  it('reads <sends>/<duration> and off', () => {
    expect(parseThrottle('30/1h', 'throttle')).toEqual({ limit: 30, windowMs: 3_600_000 });
    expect(parseThrottle('5/10m', 'throttle')).toEqual({ limit: 5, windowMs: 600_000 });
    expect(parseThrottle('off', 'throttle')).toBeNull();
  });

  it.each(['0/1h', '30', '30/', '/1h', '100001/1h', '30/1', '30/soon', '3 0/1h'])(
    'refuses %j naming the field',
    (text) => {
      let thrown: unknown;
      try {
        parseThrottle(text, 'throttle');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ field: 'throttle' });
    },
  );
});
