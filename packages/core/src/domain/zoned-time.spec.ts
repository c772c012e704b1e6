import fc from 'fast-check';
import { invalidArgumentFrom } from '../testing/invalid-argument';
import { toIsoUtc } from './instant';
import {
  formatLocalDateTime,
  type LocalDateTime,
  parseLocalDateTime,
  parseTimeOfDay,
} from './local-date-time';
import { assertTimeZone, fromLocalDateTime, isTimeZone, toLocalDateTime } from './zoned-time';

const local = (text: string): LocalDateTime => parseLocalDateTime(text);

function resolve(text: string, zone: string) {
  const r = fromLocalDateTime(local(text), zone);
  return { ...r, local: formatLocalDateTime(r.local) };
}

const fieldOf = (fn: () => unknown): string => invalidArgumentFrom(fn).field;

describe('assertTimeZone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['europe/berlin', 'Europe/Berlin'],
    ['UTC', 'UTC'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
  ])('accepts %s as %s', (input, canonical) => {
    expect(assertTimeZone(input)).toBe(canonical);
    expect(isTimeZone(input)).toBe(true);
  });

  it.each([
    ['Mars/Olympus_Mons'],
    ['+02:00'],
    ['-0500'],
    ['UTC+2'],
    ['GMT-03:00'],
    [''],
    ['Europe/Berlin\n'],
    ['../../etc/passwd'],
    ['x'.repeat(65)],
    [42],
    [null],
  ])('refuses %p with an error naming the field', (input) => {
    expect(fieldOf(() => assertTimeZone(input, 'repeat.timeZone'))).toBe('repeat.timeZone');
    expect(isTimeZone(input)).toBe(false);
  });

  it('says that an offset is not a time zone', () => {
    expect(() => assertTimeZone('+02:00')).toThrow(/offset, not a time zone/);
  });
});

describe('toLocalDateTime', () => {
  it.each([
    ['2026-07-01T07:00:00.000Z', 'Europe/Berlin', '2026-07-01T09:00:00', '+02:00'],
    ['2026-01-01T08:00:00.000Z', 'Europe/Berlin', '2026-01-01T09:00:00', '+01:00'],
    ['2026-01-01T03:15:00.000Z', 'Asia/Kathmandu', '2026-01-01T09:00:00', '+05:45'],
    ['2026-01-01T22:00:00.000Z', 'Australia/Lord_Howe', '2026-01-02T09:00:00', '+11:00'],
    ['2026-07-01T22:30:00.000Z', 'Australia/Lord_Howe', '2026-07-02T09:00:00', '+10:30'],
    ['2026-07-01T13:00:00.500Z', 'America/Santiago', '2026-07-01T09:00:00.500', '-04:00'],
  ])('%s in %s is %s (%s)', (instant, zone, wall, offset) => {
    const zoned = toLocalDateTime(instant, zone);
    expect(formatLocalDateTime(zoned.local)).toBe(wall);
    expect(zoned.offset).toBe(offset);
  });
});

describe('fromLocalDateTime: the DST policy', () => {
  it('an ordinary local time is exact, neither moved nor repeated', () => {
    expect(resolve('2026-07-01T09:00', 'Europe/Berlin')).toEqual({
      instant: '2026-07-01T07:00:00.000Z',
      local: '2026-07-01T09:00:00',
      offset: '+02:00',
      gapShiftMinutes: 0,
      repeated: false,
    });
  });

  it.each([
    // zone, local time in the spring-forward gap, where it moves, instant, gap minutes
    ['Europe/Berlin', '2026-03-29T02:30', '2026-03-29T03:30:00', '2026-03-29T01:30:00.000Z', 60],
    ['America/New_York', '2026-03-08T02:15', '2026-03-08T03:15:00', '2026-03-08T07:15:00.000Z', 60],
    [
      'Australia/Lord_Howe',
      '2026-10-04T02:15',
      '2026-10-04T02:45:00',
      '2026-10-03T15:45:00.000Z',
      30,
    ],
    ['Australia/Sydney', '2026-10-04T02:00', '2026-10-04T03:00:00', '2026-10-03T16:00:00.000Z', 60],
    ['America/Santiago', '2026-09-06T00:30', '2026-09-06T01:30:00', '2026-09-06T04:30:00.000Z', 60],
  ])('%s: %s does not exist and moves forward by the gap', (zone, wall, moved, instant, gap) => {
    expect(resolve(wall, zone)).toMatchObject({
      instant,
      local: moved,
      gapShiftMinutes: gap,
      repeated: false,
    });
  });

  it.each([
    // zone, local time that happens twice, the first instant
    ['Europe/Berlin', '2026-10-25T02:30', '2026-10-25T00:30:00.000Z', '+02:00'],
    ['America/New_York', '2026-11-01T01:30', '2026-11-01T05:30:00.000Z', '-04:00'],
    ['Australia/Lord_Howe', '2026-04-05T01:45', '2026-04-04T14:45:00.000Z', '+11:00'],
    ['Australia/Sydney', '2026-04-05T02:30', '2026-04-04T15:30:00.000Z', '+11:00'],
    ['America/Santiago', '2026-04-04T23:30', '2026-04-05T02:30:00.000Z', '-03:00'],
  ])('%s: %s happens twice and means the first', (zone, wall, instant, offset) => {
    expect(resolve(wall, zone)).toMatchObject({
      instant,
      offset,
      gapShiftMinutes: 0,
      repeated: true,
    });
  });

  it('Kathmandu (+05:45, no DST) is never moved nor repeated', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 24 * 4 }), (quarterHours) => {
        const wall = toLocalDateTime(
          toIsoUtc(Date.UTC(2026, 0, 1) + quarterHours * 900_000),
          'Asia/Kathmandu',
        ).local;
        const r = fromLocalDateTime(wall, 'Asia/Kathmandu');
        return r.gapShiftMinutes === 0 && !r.repeated && r.offset === '+05:45';
      }),
    );
  });

  it('round-trips every instant: the wall clock shown at an instant resolves back to it, or to its earlier twin', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const instant = toIsoUtc(ms);
          const back = fromLocalDateTime(toLocalDateTime(instant, zone).local, zone);
          if (back.repeated) {
            // The second of two equal wall-clock times resolves to the first: at most the
            // fall-back length (1 h, 30 min on Lord Howe) earlier.
            return back.instant <= instant && ms - Date.parse(back.instant) <= 3_600_000;
          }
          return back.instant === instant && back.gapShiftMinutes === 0;
        },
      ),
    );
  });

  it('refuses impossible dates and instants outside 1970–9999, naming the field', () => {
    const feb30 = { ...local('2026-02-28T09:00'), day: 30 };
    expect(fieldOf(() => fromLocalDateTime(feb30, 'UTC', 'startLocal'))).toBe('startLocal');
    const early = local('1969-12-31T23:00');
    expect(fieldOf(() => fromLocalDateTime(early, 'UTC', 'at'))).toBe('at');
    expect(fieldOf(() => fromLocalDateTime(local('2026-01-01T09:00'), 'Nowhere/City'))).toBe(
      'timeZone',
    );
  });
});

describe('parseLocalDateTime and parseTimeOfDay', () => {
  it('reads local date-times with optional seconds and milliseconds', () => {
    expect(formatLocalDateTime(local('2026-03-29T02:30'))).toBe('2026-03-29T02:30:00');
    expect(formatLocalDateTime(local('2026-03-29 02:30:15.5'))).toBe('2026-03-29T02:30:15.500');
  });

  it.each(['2026-03-29T02:30Z', '2026-03-29T02:30+01:00', '2026-02-29T09:00', '2026-03-29T24:00'])(
    'refuses %s',
    (text) => {
      expect(fieldOf(() => parseLocalDateTime(text, 'local'))).toBe('local');
    },
  );

  it('reads times of day from 00:00 to 23:59', () => {
    expect(parseTimeOfDay('09:00')).toEqual({ hour: 9, minute: 0 });
    expect(parseTimeOfDay('7:30')).toEqual({ hour: 7, minute: 30 });
    for (const bad of ['24:00', '9', '09:60', '9am', '', 9]) {
      expect(fieldOf(() => parseTimeOfDay(bad, 'defaultTime'))).toBe('defaultTime');
    }
  });
});
