import { resolveWhen } from './resolve-when';
import { bareHourOf } from './bare-hour';

const at = (now: string, when: string, timeZone = 'Europe/Berlin') =>
  resolveWhen(when, { now, timeZone }).local;

describe('a bare hour ("at four") is the nearest future one in daytime (issue 31)', () => {
  it('reads "at four", "at 4", "4 o’clock", and leaves "4pm" and "at 4:30" to the usual rules', () => {
    expect(bareHourOf('at four')).toBe(4);
    expect(bareHourOf('At 4')).toBe(4);
    expect(bareHourOf("4 o'clock")).toBe(4);
    expect(bareHourOf('at 16')).toBe(16);
    expect(bareHourOf('at 4pm')).toBeUndefined();
    expect(bareHourOf('at 4:30')).toBeUndefined();
    expect(bareHourOf('at 24')).toBeUndefined();
  });

  it('asked at 10:00, "at four" is 16:00 today, not 04:00 tomorrow', () => {
    expect(at('2026-12-03T09:00:00Z', 'at four')).toBe('2026-12-03T16:00:00');
    expect(at('2026-12-03T09:00:00Z', 'at 4')).toBe('2026-12-03T16:00:00');
  });

  it('asked at 17:00, "at four" is 16:00 tomorrow; "at eight" at 09:00 is 20:00 today', () => {
    expect(at('2026-12-03T16:00:00Z', 'at four')).toBe('2026-12-04T16:00:00');
    expect(at('2026-12-03T08:00:00Z', 'at eight')).toBe('2026-12-03T20:00:00');
  });

  it('"at eleven" at 23:00 is 11:00 tomorrow; "at 9" at 08:00 is 09:00 today', () => {
    expect(at('2026-12-03T22:00:00Z', 'at eleven')).toBe('2026-12-04T11:00:00');
    expect(at('2026-12-03T07:00:00Z', 'at 9')).toBe('2026-12-03T09:00:00');
  });

  it('keeps "at 4pm" and "4am" as written', () => {
    expect(at('2026-12-03T09:00:00Z', 'at 4pm')).toBe('2026-12-03T16:00:00');
    expect(at('2026-12-03T09:00:00Z', '4am')).toBe('2026-12-04T04:00:00');
  });
});
