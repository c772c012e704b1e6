import { type DailyWindow, nextDailyAt, quietUntil } from './daily-windows';

const NIGHT: DailyWindow = { start: '22:00', end: '07:00', days: null };
const BERLIN = 'Europe/Berlin';

describe('quietUntil', () => {
  it.each([
    // Wednesday 14 January 2026, CET (+01:00)
    ['2026-01-14T20:59:59.999Z', null, 'just before 22:00 local'],
    ['2026-01-14T21:00:00.000Z', '2026-01-15T06:00:00.000Z', 'exactly 22:00 local: inside'],
    ['2026-01-14T22:30:00.000Z', '2026-01-15T06:00:00.000Z', '23:30, before midnight'],
    ['2026-01-15T05:59:59.999Z', '2026-01-15T06:00:00.000Z', '06:59:59.999, after midnight'],
    ['2026-01-15T06:00:00.000Z', null, 'exactly 07:00 local: over'],
    ['2026-01-15T12:00:00.000Z', null, 'midday'],
  ])('Berlin 22:00–07:00 at %s → %s (%s)', (at: string, until: string | null, _why: string) => {
    expect(quietUntil(at, NIGHT, BERLIN)).toBe(until);
  });

  it('ends at 07:00 CEST on the night the clocks spring forward (5 h UTC, not 6)', () => {
    // 00:30 CET on Sunday 29 March 2026; at 02:00 the clocks jump to 03:00 (+02:00).
    expect(quietUntil('2026-03-28T23:30:00.000Z', NIGHT, BERLIN)).toBe('2026-03-29T05:00:00.000Z');
  });

  it('ends at 07:00 CET on the night the clocks fall back (6 h UTC)', () => {
    // 23:30 CEST on Saturday 24 October 2026; at 03:00 the clocks go back to 02:00 (+01:00).
    expect(quietUntil('2026-10-24T21:30:00.000Z', NIGHT, BERLIN)).toBe('2026-10-25T06:00:00.000Z');
  });

  it('moves an end inside the spring-forward gap forward by the gap (02:30 → 03:30 CEST)', () => {
    const short: DailyWindow = { start: '22:00', end: '02:30', days: null };
    expect(quietUntil('2026-03-28T23:30:00.000Z', short, BERLIN)).toBe('2026-03-29T01:30:00.000Z');
  });

  it('never holds to the past: an end in the repeated hour seen from its second pass is over', () => {
    // New York falls back on 1 November 2026 at 02:00 EDT → 01:00 EST; 01:15 happens twice.
    const window: DailyWindow = { start: '22:00', end: '01:30', days: null };
    const zone = 'America/New_York';
    expect(quietUntil('2026-11-01T05:15:00.000Z', window, zone)).toBe('2026-11-01T05:30:00.000Z');
    expect(quietUntil('2026-11-01T06:15:00.000Z', window, zone)).toBeNull();
  });

  it('reads days as the days a window starts on', () => {
    const fridays: DailyWindow = { start: '22:00', end: '07:00', days: ['FR'] };
    // Friday 16 January 2026 23:00 CET → held to Saturday 07:00.
    expect(quietUntil('2026-01-16T22:00:00.000Z', fridays, BERLIN)).toBe(
      '2026-01-17T06:00:00.000Z',
    );
    // Saturday 06:00 belongs to Friday's window.
    expect(quietUntil('2026-01-17T05:00:00.000Z', fridays, BERLIN)).toBe(
      '2026-01-17T06:00:00.000Z',
    );
    // Saturday 23:00 and Friday 06:00 (Thursday's window) are not quiet.
    expect(quietUntil('2026-01-17T22:00:00.000Z', fridays, BERLIN)).toBeNull();
    expect(quietUntil('2026-01-16T05:00:00.000Z', fridays, BERLIN)).toBeNull();
  });

  it('handles a window within one day', () => {
    const lunch: DailyWindow = { start: '12:00', end: '13:30', days: null };
    expect(quietUntil('2026-01-14T11:15:00.000Z', lunch, BERLIN)).toBe('2026-01-14T12:30:00.000Z');
    expect(quietUntil('2026-01-14T12:30:00.000Z', lunch, BERLIN)).toBeNull();
  });
});

describe('nextDailyAt', () => {
  it('is the instant itself at the window, else the next local 08:00, across a DST change', () => {
    expect(nextDailyAt('2026-03-28T07:00:00.000Z', '08:00', BERLIN)).toBe(
      '2026-03-28T07:00:00.000Z',
    );
    expect(nextDailyAt('2026-03-28T07:00:00.001Z', '08:00', BERLIN)).toBe(
      '2026-03-29T06:00:00.000Z',
    );
  });
});
