import { invalidArgumentFrom } from '@tickler/core/testing';
import { RecurrenceRule } from './recurrence-rule';

const rejection = invalidArgumentFrom;

describe('RecurrenceRule: month ends and leap days', () => {
  const dates = (rule: string, start: string, count: number): string[] =>
    RecurrenceRule.create({ rule, timeZone: 'Europe/Berlin', start })
      .occurrences(start, count)
      .map((o) => o.local.slice(0, 10));

  it('monthly on the 31st skips the months without one', () => {
    expect(dates('FREQ=MONTHLY', '2026-01-31T09:00:00+01:00', 7)).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
    expect(dates('FREQ=MONTHLY;BYMONTHDAY=30', '2026-01-30T09:00:00+01:00', 3)).toEqual([
      '2026-01-30',
      '2026-03-30',
      '2026-04-30',
    ]);
  });

  it('BYMONTHDAY=-1 is the last day of every month, 28 or 29 February included', () => {
    expect(dates('FREQ=MONTHLY;BYMONTHDAY=-1', '2027-12-31T09:00:00+01:00', 4)).toEqual([
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
    expect(dates('FREQ=MONTHLY;BYMONTHDAY=-2', '2026-02-27T09:00:00+01:00', 2)).toEqual([
      '2026-02-27',
      '2026-03-30',
    ]);
  });

  it('29 February yearly fires only in leap years, and 2100 is not one', () => {
    expect(dates('FREQ=YEARLY', '2024-02-29T09:00:00+01:00', 3)).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
    ]);
    expect(dates('FREQ=YEARLY', '2096-02-29T09:00:00+01:00', 2)).toEqual([
      '2096-02-29',
      '2104-02-29',
    ]);
    expect(dates('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', '2027-02-28T09:00:00+01:00', 2)).toEqual([
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('monthly on the last Friday and on the first Monday', () => {
    expect(dates('FREQ=MONTHLY;BYDAY=-1FR', '2026-01-30T17:00:00+01:00', 3)).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
    ]);
    expect(dates('FREQ=MONTHLY;BYDAY=1MO', '2026-06-01T09:00:00+02:00', 3)).toEqual([
      '2026-06-01',
      '2026-07-06',
      '2026-08-03',
    ]);
  });
});

describe('RecurrenceRule: ends, next and previews', () => {
  const weekdays = () =>
    RecurrenceRule.create({
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      timeZone: 'Europe/Berlin',
      start: '2026-12-04T09:00:00+01:00', // a Friday
    });

  it('next() is the first occurrence strictly after the given instant', () => {
    const rule = weekdays();
    expect(rule.next('2026-12-04T07:59:59.999Z')?.instant).toBe('2026-12-04T08:00:00.000Z');
    expect(rule.next('2026-12-04T08:00:00.000Z')?.instant).toBe('2026-12-07T08:00:00.000Z');
    expect(rule.next('2027-06-30T12:00:00+02:00')?.local).toBe('2027-07-01T09:00:00');
  });

  it('COUNT counts the first occurrence; after the last, next() is null', () => {
    const rule = RecurrenceRule.create({
      rule: 'FREQ=DAILY;COUNT=3',
      timeZone: 'UTC',
      start: '2026-01-01T09:00:00Z',
    });
    const all = rule.occurrences('2025-01-01T00:00:00Z', 10).map((o) => o.instant);
    expect(all).toEqual([
      '2026-01-01T09:00:00.000Z',
      '2026-01-02T09:00:00.000Z',
      '2026-01-03T09:00:00.000Z',
    ]);
    expect(rule.next('2026-01-02T09:00:00Z')?.instant).toBe('2026-01-03T09:00:00.000Z');
    expect(rule.next('2026-01-03T09:00:00Z')).toBeNull();
  });

  it('following() numbers the next occurrence from the current one, honouring COUNT', () => {
    const rule = RecurrenceRule.create({
      rule: 'FREQ=DAILY;COUNT=10',
      timeZone: 'Europe/Berlin',
      start: '2026-03-27T02:30:00+01:00',
    });
    const second = rule.following({ instant: rule.start, number: 1 });
    expect(second).toMatchObject({ instant: '2026-03-28T01:30:00.000Z', number: 2, skipped: 0 });
    // The 29th: 02:30 does not exist; occurrence 3 is at 03:30 CEST.
    expect(rule.following(second!)).toMatchObject({ local: '2026-03-29T03:30:00', number: 3 });
    // Downtime: from occurrence 2, the first after 1 April 12:00 is number 7; 4 passed over.
    expect(rule.following(second!, '2026-04-01T12:00:00Z')).toMatchObject({
      local: '2026-04-02T02:30:00',
      number: 7,
      skipped: 4,
    });
    const tenth = rule.following(second!, '2026-04-04T12:00:00Z');
    expect(tenth).toMatchObject({ local: '2026-04-05T02:30:00', number: 10 });
    expect(rule.following(tenth!)).toBeNull();
    expect(rejection(() => rule.following({ instant: rule.start, number: 0 })).field).toBe(
      'number',
    );
  });

  it('UNTIL is inclusive; a date means that whole local day in the zone', () => {
    const dated = RecurrenceRule.create({
      rule: 'FREQ=DAILY;BYHOUR=9,23;UNTIL=20260102',
      timeZone: 'America/New_York',
      start: '2026-01-01T09:00:00-05:00',
    });
    expect(dated.occurrences('2026-01-01T00:00:00Z', 10).map((o) => o.local)).toEqual([
      '2026-01-01T09:00:00',
      '2026-01-01T23:00:00',
      '2026-01-02T09:00:00',
      '2026-01-02T23:00:00',
    ]);
    const exact = RecurrenceRule.create({
      rule: 'FREQ=DAILY;UNTIL=20260103T140000Z',
      timeZone: 'America/New_York',
      start: '2026-01-01T09:00:00-05:00',
    });
    expect(exact.occurrences('2026-01-01T00:00:00Z', 10)).toHaveLength(3);
  });

  it('BYHOUR/BYMINUTE set the time of day; the start still is occurrence 1', () => {
    const rule = RecurrenceRule.create({
      rule: 'FREQ=DAILY;BYHOUR=18;BYMINUTE=0',
      timeZone: 'Europe/Berlin',
      start: '2026-12-01T07:15:00+01:00',
    });
    expect(rule.occurrences(rule.start, 3).map((o) => o.local)).toEqual([
      '2026-12-01T07:15:00',
      '2026-12-01T18:00:00',
      '2026-12-02T18:00:00',
    ]);
  });

  it('weekly with INTERVAL=2 follows WKST (RFC 5545 example)', () => {
    const dates = (wkst: string) =>
      RecurrenceRule.create({
        rule: `FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=${wkst}`,
        timeZone: 'America/New_York',
        start: '1997-08-05T09:00:00-04:00',
      })
        .occurrences('1997-08-05T13:00:00Z', 4)
        .map((o) => o.local.slice(5, 10));
    expect(dates('MO')).toEqual(['08-05', '08-10', '08-19', '08-24']);
    expect(dates('SU')).toEqual(['08-05', '08-17', '08-19', '08-31']);
  });

  it('startingAt: the first matching instant at or after "from" becomes occurrence 1', () => {
    const rule = RecurrenceRule.startingAt({
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0',
      timeZone: 'Europe/Berlin',
      from: '2026-12-04T10:17:23.456+01:00', // Friday after 09:00
    });
    expect(rule.start).toBe('2026-12-07T08:00:00.000Z'); // Monday 09:00
    const daily = RecurrenceRule.startingAt({
      rule: 'FREQ=DAILY;BYHOUR=9;BYMINUTE=0',
      timeZone: 'Europe/Berlin',
      from: '2026-12-04T09:00:00+01:00',
    });
    expect(daily.start).toBe('2026-12-04T08:00:00.000Z'); // "at or after": exactly now counts
  });

  it('occurrences() lists 1 to 1000', () => {
    const rule = weekdays();
    expect(rejection(() => rule.occurrences(rule.start, 0)).field).toBe('count');
    expect(rejection(() => rule.occurrences(rule.start, 1001)).field).toBe('count');
    expect(rule.occurrences(rule.start, 1000)).toHaveLength(1000);
  });

  it.each([
    [{ rule: 'FREQ=SOMETIMES' }, 'repeat.rule'],
    [{ timeZone: 'Europe/Atlantis' }, 'repeat.timeZone'],
    [{ timeZone: '+01:00' }, 'repeat.timeZone'],
    [{ start: '2026-12-04T09:00:00' }, 'repeat.start'],
    [{ rule: 'FREQ=DAILY;UNTIL=20261201' }, 'repeat.rule'],
    // Every 7 days from a Friday can never be a Monday.
    [{ rule: 'FREQ=DAILY;INTERVAL=7;BYDAY=MO' }, 'repeat.rule'],
  ])('create refuses %j naming %s', (change, field) => {
    const input = {
      rule: 'FREQ=DAILY',
      timeZone: 'Europe/Berlin',
      start: '2026-12-04T09:00:00+01:00',
      ...change,
    };
    expect(rejection(() => RecurrenceRule.create(input)).field).toBe(field);
  });

  it('a rule of one occurrence is fine, and so is a series that ends before 9999', () => {
    const once = RecurrenceRule.create({
      rule: 'FREQ=DAILY;COUNT=1;BYDAY=MO',
      timeZone: 'UTC',
      start: '2026-12-04T09:00:00Z',
    });
    expect(once.next(once.start)).toBeNull();
    const late = RecurrenceRule.create({
      rule: 'FREQ=YEARLY',
      timeZone: 'Pacific/Kiritimati',
      start: '9998-06-01T09:00:00+14:00',
    });
    expect(late.occurrences(late.start, 5).map((o) => o.local.slice(0, 4))).toEqual([
      '9998',
      '9999',
    ]);
  });
});
