import { toIsoUtc } from '@tickler/core/domain';
import { invalidArgumentFrom } from '@tickler/core/testing';
import fc from 'fast-check';
import { resolveWhen, type ResolveWhenOptions } from './resolve-when';

/** Wednesday 2 December 2026, 15:20 in Berlin. */
const NOW = '2026-12-02T14:20:00.000Z';
const BERLIN = { timeZone: 'Europe/Berlin', now: NOW };

function at(text: string, options: Partial<ResolveWhenOptions> = {}) {
  return resolveWhen(text, { ...BERLIN, ...options });
}

const rejection = (text: unknown, options: Partial<ResolveWhenOptions> = {}) =>
  invalidArgumentFrom(() => resolveWhen(text, { ...BERLIN, ...options }));

describe('resolveWhen: the wall clock in the given zone, from the given now', () => {
  it.each([
    // text, local result (Berlin), read as, default time used
    ['tomorrow', '2026-12-03T09:00:00', 'local', true],
    ['tomorrow 9am', '2026-12-03T09:00:00', 'local', false],
    ['tomorrow at 18:30', '2026-12-03T18:30:00', 'local', false],
    ['friday', '2026-12-04T09:00:00', 'local', true],
    ['friday 17:00', '2026-12-04T17:00:00', 'local', false],
    ['this friday', '2026-12-04T09:00:00', 'local', true],
    ['next friday', '2026-12-11T09:00:00', 'local', true],
    ['next friday 17:00', '2026-12-11T17:00:00', 'local', false],
    ['wednesday 18:00', '2026-12-02T18:00:00', 'local', false],
    ['wednesday 9am', '2026-12-09T09:00:00', 'local', false],
    ['9am', '2026-12-03T09:00:00', 'local', false],
    ['17:00', '2026-12-02T17:00:00', 'local', false],
    ['tonight', '2026-12-02T22:00:00', 'local', false],
    ['in 3 days', '2026-12-05T15:20:00', 'local', false],
    ['2026-12-24', '2026-12-24T09:00:00', 'local', true],
    ['2026-12-24 18:00', '2026-12-24T18:00:00', 'local', false],
    ['december 24 at 6pm', '2026-12-24T18:00:00', 'local', false],
    ['in 2 hours', '2026-12-02T17:20:00', 'from-now', false],
    ['2 hours from now', '2026-12-02T17:20:00', 'from-now', false],
    ['in 1 hour and 30 minutes', '2026-12-02T16:50:00', 'from-now', false],
    ['90m', '2026-12-02T16:50:00', 'from-now', false],
    ['1h 30m', '2026-12-02T16:50:00', 'from-now', false],
    ['PT2H', '2026-12-02T17:20:00', 'from-now', false],
    ['2026-12-24T18:00:00+01:00', '2026-12-24T18:00:00', 'instant', false],
    ['2026-12-24T17:00:00Z', '2026-12-24T18:00:00', 'instant', false],
    ['5pm EST', '2026-12-02T23:00:00', 'instant', false],
  ])('"%s" is %s (%s)', (text, local, readAs, defaultTimeApplied) => {
    expect(at(text)).toMatchObject({
      local,
      readAs,
      defaultTimeApplied,
      timeZone: 'Europe/Berlin',
      offset: '+01:00',
    });
  });

  it('answers the UTC instant beside the local time', () => {
    expect(at('tomorrow 9am')).toEqual({
      instant: '2026-12-03T08:00:00.000Z',
      timeZone: 'Europe/Berlin',
      local: '2026-12-03T09:00:00',
      offset: '+01:00',
      readAs: 'local',
      gapShiftMinutes: 0,
      repeated: false,
      defaultTimeApplied: false,
    });
  });

  it('takes another default time of day for a bare day', () => {
    expect(at('tomorrow', { defaultTime: '07:30' }).local).toBe('2026-12-03T07:30:00');
  });

  it('a weekday alone whose default time has passed today is next week’s', () => {
    const fridayMorning = '2026-12-04T07:00:00.000Z'; // 08:00 in Berlin
    const fridayLater = '2026-12-04T09:00:00.000Z'; // 10:00
    expect(at('friday', { now: fridayMorning }).local).toBe('2026-12-04T09:00:00');
    expect(at('friday', { now: fridayLater }).local).toBe('2026-12-11T09:00:00');
    expect(at('friday 17:00', { now: fridayLater }).local).toBe('2026-12-04T17:00:00');
  });

  it.each([
    ['Europe/Berlin', '2026-03-28T12:00:00Z', 'tomorrow 2:30am', '2026-03-29T03:30:00', 60],
    ['America/New_York', '2026-03-07T17:00:00Z', 'tomorrow 2:30am', '2026-03-08T03:30:00', 60],
    ['Australia/Lord_Howe', '2026-10-03T00:00:00Z', 'tomorrow 2:15am', '2026-10-04T02:45:00', 30],
    ['America/Santiago', '2026-09-05T12:00:00Z', 'tomorrow 00:30', '2026-09-06T01:30:00', 60],
  ])(
    '%s: a time in the spring-forward gap moves forward and says so',
    (zone, now, text, local, gap) => {
      expect(at(text, { timeZone: zone, now })).toMatchObject({
        local,
        gapShiftMinutes: gap,
        repeated: false,
      });
    },
  );

  it('a time that happens twice means the first, and says so', () => {
    const r = at('tomorrow 2:30am', { now: '2026-10-24T12:00:00Z' });
    expect(r).toMatchObject({
      instant: '2026-10-25T00:30:00.000Z',
      offset: '+02:00',
      repeated: true,
    });
  });

  it('"in 2 hours" is elapsed time across a DST change; "in 1 day" keeps the time of day', () => {
    const beforeGap = { now: '2026-03-29T00:30:00Z' }; // 01:30 CET
    expect(at('in 2 hours', beforeGap)).toMatchObject({
      instant: '2026-03-29T02:30:00.000Z',
      local: '2026-03-29T04:30:00',
    });
    const saturday = { now: '2026-03-28T12:00:00Z' }; // 13:00 CET
    expect(at('in 1 day', saturday).local).toBe('2026-03-29T13:00:00');
    expect(at('24h', saturday).local).toBe('2026-03-29T14:00:00');
  });

  it('Asia/Kathmandu (+05:45): tomorrow 9am is 03:15 UTC', () => {
    expect(at('tomorrow 9am', { timeZone: 'Asia/Kathmandu' }).instant).toBe(
      '2026-12-03T03:15:00.000Z',
    );
  });

  it('"in N minutes" is exactly N minutes after now in every zone', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1) / 60_000, max: Date.UTC(2027, 0, 1) / 60_000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.constantFrom(...zones),
        (nowMinutes, minutes, timeZone) => {
          const now = toIsoUtc(nowMinutes * 60_000);
          const r = resolveWhen(`in ${minutes} minutes`, { timeZone, now });
          return r.instant === toIsoUtc((nowMinutes + minutes) * 60_000) && r.readAs === 'from-now';
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('resolveWhen refuses what it did not fully understand', () => {
  it.each([
    ['tomorrow at noon blah', /understood only "tomorrow at noon" of "tomorrow at noon blah"/],
    ['blah', /cannot understand "blah"/],
    ['5', /"5" has no unit: write e\.g\. 5m \(from now\) or 5pm/],
    ['yesterday 9am', /which is not in the future/],
    ['2020-01-01T00:00:00Z', /which is not in the future/],
    ['now', /which is not in the future/],
    ['2026-02-30T09:00:00Z', /not a calendar date/],
    ['', /must say when/],
    ['tomorrow\n9am', /one line/],
    ['x'.repeat(201), /at most 200 characters/],
    [42, /must say when/],
  ])('%p (%s)', (text, message) => {
    const error = rejection(text);
    expect(error.field).toBe('when');
    expect(error.message).toMatch(message);
  });

  it('names the field it was given, and the zone and default time fields', () => {
    expect(rejection('blah', { field: '--at' }).field).toBe('--at');
    expect(rejection('tomorrow', { timeZone: '+01:00' }).field).toBe('timeZone');
    expect(rejection('tomorrow', { defaultTime: '25:00' }).field).toBe('defaultTime');
  });
});
