import { invalidArgumentFrom } from '@tickler/core/testing';
import { parseRRule } from './parse-rrule';
import { formatRRule } from './rrule-parts';

const rejection = (text: unknown) => invalidArgumentFrom(() => parseRRule(text, 'repeat.rule'));

describe('parseRRule', () => {
  it('reads every supported part', () => {
    expect(
      parseRRule(
        'FREQ=MONTHLY;INTERVAL=2;BYMONTH=1,7;BYDAY=1MO,-1FR;BYHOUR=9,17;BYMINUTE=30;WKST=SU;COUNT=10',
      ),
    ).toEqual({
      freq: 'MONTHLY',
      interval: 2,
      byMonth: [1, 7],
      byMonthDay: [],
      byDay: [
        { weekday: 1, ordinal: 1 },
        { weekday: 5, ordinal: -1 },
      ],
      byHour: [9, 17],
      byMinute: [30],
      weekStart: 7,
      count: 10,
      until: undefined,
    });
  });

  it.each([
    ['20261231', { kind: 'date', date: { year: 2026, month: 12, day: 31 } }],
    ['20261231T235959Z', { kind: 'instant', instant: '2026-12-31T23:59:59.000Z' }],
    [
      '20261231T090000',
      {
        kind: 'local',
        local: { year: 2026, month: 12, day: 31, hour: 9, minute: 0, second: 0, millisecond: 0 },
      },
    ],
  ])('reads UNTIL=%s', (text, until) => {
    expect(parseRRule(`FREQ=DAILY;UNTIL=${text}`).until).toEqual(until);
  });

  it.each([
    ['rrule:freq=weekly;byday=fr,mo,mo', 'FREQ=WEEKLY;BYDAY=MO,FR'],
    ['FREQ=DAILY;INTERVAL=1;WKST=MO;', 'FREQ=DAILY'],
    ['FREQ=MONTHLY;BYMONTHDAY=15,-1,1', 'FREQ=MONTHLY;BYMONTHDAY=-1,1,15'],
    ['FREQ=YEARLY;UNTIL=20301231T230000Z', 'FREQ=YEARLY;UNTIL=20301231T230000Z'],
    ['FREQ=MONTHLY;BYDAY=+1MO', 'FREQ=MONTHLY;BYDAY=1MO'],
  ])('normalises %s to %s (and the canonical text reads back to itself)', (text, canonical) => {
    expect(formatRRule(parseRRule(text))).toBe(canonical);
    expect(formatRRule(parseRRule(canonical))).toBe(canonical);
  });

  it.each([
    ['', /must be an RRULE/],
    [42, /must be an RRULE/],
    ['INTERVAL=2', /FREQ is required/],
    ['FREQ=HOURLY', /FREQ: "HOURLY" is not supported/],
    ['FREQ=DAILY;FREQ=WEEKLY', /FREQ is given twice/],
    ['FREQ=DAILY;BYSETPOS=1', /BYSETPOS is not supported/],
    ['FREQ=DAILY;BYWEEKNO=3', /BYWEEKNO is not supported/],
    ['FREQ=DAILY;COLOR=red', /"COLOR" is not an RRULE part/],
    ['FREQ=DAILY;BYHOUR', /BYHOUR needs a value/],
    ['FREQ=DAILY;;BYHOUR=1', /"" is not an RRULE part/],
    ['FREQ=DAILY;INTERVAL=0', /INTERVAL: "0"/],
    ['FREQ=DAILY;INTERVAL=1001', /INTERVAL: "1001"/],
    ['FREQ=DAILY;INTERVAL=1,2', /INTERVAL takes one number/],
    ['FREQ=DAILY;COUNT=1001', /COUNT: "1001"/],
    ['FREQ=DAILY;BYHOUR=24', /BYHOUR: "24"/],
    ['FREQ=DAILY;BYMINUTE=60', /BYMINUTE: "60"/],
    ['FREQ=DAILY;BYMINUTE=1.5', /BYMINUTE: "1.5"/],
    ['FREQ=MONTHLY;BYMONTHDAY=0', /BYMONTHDAY: "0"/],
    ['FREQ=MONTHLY;BYMONTHDAY=32', /BYMONTHDAY: "32"/],
    ['FREQ=MONTHLY;BYMONTHDAY=-32', /BYMONTHDAY: "-32"/],
    ['FREQ=YEARLY;BYMONTH=13', /BYMONTH: "13"/],
    ['FREQ=WEEKLY;BYDAY=XX', /BYDAY: "XX" is not a weekday/],
    ['FREQ=MONTHLY;BYDAY=0MO', /BYDAY: "0MO"/],
    ['FREQ=WEEKLY;BYDAY=1MO', /numbered weekdays \(1MO\) need FREQ=MONTHLY or YEARLY/],
    ['FREQ=DAILY;BYDAY=-1FR', /numbered weekdays \(-1FR\) need FREQ=MONTHLY or YEARLY/],
    ['FREQ=MONTHLY;BYDAY=6MO', /at most 5/],
    ['FREQ=YEARLY;BYMONTH=3;BYDAY=-6MO', /at most 5/],
    ['FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=1', /cannot be combined with BYMONTHDAY/],
    ['FREQ=WEEKLY;BYMONTHDAY=1', /BYMONTHDAY cannot be used with FREQ=WEEKLY/],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', /BYMONTHDAY=30 never falls in BYMONTH=2/],
    ['FREQ=YEARLY;BYMONTH=4,6;BYMONTHDAY=31,-31', /never falls/],
    ['FREQ=DAILY;COUNT=2;UNTIL=20261231', /COUNT and UNTIL cannot both be given/],
    ['FREQ=DAILY;UNTIL=2026-12-31', /UNTIL: "2026-12-31" must be a date/],
    ['FREQ=DAILY;UNTIL=20260230', /UNTIL: "20260230" is not a calendar date/],
    ['FREQ=DAILY;WKST=XX', /WKST: "XX" is not a weekday/],
    [`FREQ=DAILY;BYHOUR=${'1,'.repeat(300)}1`, /longer than 512 characters/],
  ])('refuses %p naming the part (%s)', (text, message) => {
    const error = rejection(text);
    expect(error.field).toBe('repeat.rule');
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('accepts 29 February and the 31st where some month has them', () => {
    expect(parseRRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29').byMonthDay).toEqual([29]);
    expect(parseRRule('FREQ=YEARLY;BYMONTH=2,3;BYMONTHDAY=31').byMonth).toEqual([2, 3]);
    expect(parseRRule('FREQ=YEARLY;BYDAY=20MO').byDay).toEqual([{ weekday: 1, ordinal: 20 }]);
  });
});
