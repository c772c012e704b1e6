import { type Occurrence, RecurrenceRule } from './recurrence-rule';

/** `instant local+offset [gap N | repeated]`, one line per occurrence: failures read like a diary. */
function line(o: Occurrence): string {
  const note = o.gapShiftMinutes > 0 ? ` gap ${o.gapShiftMinutes}` : o.repeated ? ' repeated' : '';
  return `${o.instant} ${o.local}${o.offset}${note}`;
}

function series(rule: string, timeZone: string, start: string, count: number): string[] {
  return RecurrenceRule.create({ rule, timeZone, start }).occurrences(start, count).map(line);
}

describe('RecurrenceRule: the DST policy in six zones, across both transitions of 2026', () => {
  it.each([
    [
      'Europe/Berlin: 02:30 does not exist on 29 March → 03:30, then 02:30 again',
      'Europe/Berlin',
      '2026-03-28T02:30:00+01:00',
      [
        '2026-03-28T01:30:00.000Z 2026-03-28T02:30:00+01:00',
        '2026-03-29T01:30:00.000Z 2026-03-29T03:30:00+02:00 gap 60',
        '2026-03-30T00:30:00.000Z 2026-03-30T02:30:00+02:00',
      ],
    ],
    [
      'Europe/Berlin: 02:30 happens twice on 25 October → fires once, at the first',
      'Europe/Berlin',
      '2026-10-24T02:30:00+02:00',
      [
        '2026-10-24T00:30:00.000Z 2026-10-24T02:30:00+02:00',
        '2026-10-25T00:30:00.000Z 2026-10-25T02:30:00+02:00 repeated',
        '2026-10-26T01:30:00.000Z 2026-10-26T02:30:00+01:00',
      ],
    ],
    [
      'America/New_York: 02:30 does not exist on 8 March → 03:30',
      'America/New_York',
      '2026-03-07T02:30:00-05:00',
      [
        '2026-03-07T07:30:00.000Z 2026-03-07T02:30:00-05:00',
        '2026-03-08T07:30:00.000Z 2026-03-08T03:30:00-04:00 gap 60',
        '2026-03-09T06:30:00.000Z 2026-03-09T02:30:00-04:00',
      ],
    ],
    [
      'America/New_York: 01:30 happens twice on 1 November → the first (EDT)',
      'America/New_York',
      '2026-10-31T01:30:00-04:00',
      [
        '2026-10-31T05:30:00.000Z 2026-10-31T01:30:00-04:00',
        '2026-11-01T05:30:00.000Z 2026-11-01T01:30:00-04:00 repeated',
        '2026-11-02T06:30:00.000Z 2026-11-02T01:30:00-05:00',
      ],
    ],
    [
      'Australia/Lord_Howe: the 30-minute gap on 4 October moves 02:15 to 02:45',
      'Australia/Lord_Howe',
      '2026-10-03T02:15:00+10:30',
      [
        '2026-10-02T15:45:00.000Z 2026-10-03T02:15:00+10:30',
        '2026-10-03T15:45:00.000Z 2026-10-04T02:45:00+11:00 gap 30',
        '2026-10-04T15:15:00.000Z 2026-10-05T02:15:00+11:00',
      ],
    ],
    [
      'Australia/Lord_Howe: 01:45 happens twice on 5 April (30 minutes apart) → the first',
      'Australia/Lord_Howe',
      '2026-04-04T01:45:00+11:00',
      [
        '2026-04-03T14:45:00.000Z 2026-04-04T01:45:00+11:00',
        '2026-04-04T14:45:00.000Z 2026-04-05T01:45:00+11:00 repeated',
        '2026-04-05T15:15:00.000Z 2026-04-06T01:45:00+10:30',
      ],
    ],
    [
      'America/Santiago (south): midnight-thirty does not exist on 6 September → 01:30',
      'America/Santiago',
      '2026-09-05T00:30:00-04:00',
      [
        '2026-09-05T04:30:00.000Z 2026-09-05T00:30:00-04:00',
        '2026-09-06T04:30:00.000Z 2026-09-06T01:30:00-03:00 gap 60',
        '2026-09-07T03:30:00.000Z 2026-09-07T00:30:00-03:00',
      ],
    ],
    [
      'America/Santiago (south): 23:30 happens twice on 4 April → the first',
      'America/Santiago',
      '2026-04-03T23:30:00-03:00',
      [
        '2026-04-04T02:30:00.000Z 2026-04-03T23:30:00-03:00',
        '2026-04-05T02:30:00.000Z 2026-04-04T23:30:00-03:00 repeated',
        '2026-04-06T03:30:00.000Z 2026-04-05T23:30:00-04:00',
      ],
    ],
    [
      'Australia/Sydney (south): 02:30 does not exist on 4 October → 03:30',
      'Australia/Sydney',
      '2026-10-03T02:30:00+10:00',
      [
        '2026-10-02T16:30:00.000Z 2026-10-03T02:30:00+10:00',
        '2026-10-03T16:30:00.000Z 2026-10-04T03:30:00+11:00 gap 60',
        '2026-10-04T15:30:00.000Z 2026-10-05T02:30:00+11:00',
      ],
    ],
    [
      'Australia/Sydney (south): 02:30 happens twice on 5 April → the first',
      'Australia/Sydney',
      '2026-04-04T02:30:00+11:00',
      [
        '2026-04-03T15:30:00.000Z 2026-04-04T02:30:00+11:00',
        '2026-04-04T15:30:00.000Z 2026-04-05T02:30:00+11:00 repeated',
        '2026-04-05T16:30:00.000Z 2026-04-06T02:30:00+10:00',
      ],
    ],
  ])('%s', (_title, zone, start, expected) => {
    expect(series('FREQ=DAILY', zone, start, 3)).toEqual(expected);
  });

  it.each([
    ['Europe/Berlin', '2026-01-04T09:00:00+01:00'],
    ['America/New_York', '2026-01-04T09:00:00-05:00'],
    ['Australia/Lord_Howe', '2026-01-04T09:00:00+11:00'],
    ['Asia/Kathmandu', '2026-01-04T09:00:00+05:45'],
    ['America/Santiago', '2026-01-04T09:00:00-03:00'],
    ['Australia/Sydney', '2026-01-04T09:00:00+11:00'],
  ])(
    '%s: "every Sunday at 09:00" stays at 09:00 local all year, through both changes',
    (zone, start) => {
      const year = RecurrenceRule.create({
        rule: 'FREQ=WEEKLY',
        timeZone: zone,
        start,
      }).occurrences(start, 52);
      expect(year).toHaveLength(52);
      expect(new Set(year.map((o) => o.local.slice(10)))).toEqual(new Set(['T09:00:00']));
      const offsets = new Set(year.map((o) => o.offset));
      // Kathmandu never changes; every other zone shows both of its offsets during the year.
      expect(offsets.size).toBe(zone === 'Asia/Kathmandu' ? 1 : 2);
    },
  );

  it('Asia/Kathmandu (+05:45): 09:00 is always 03:15 UTC', () => {
    const out = series('FREQ=DAILY', 'Asia/Kathmandu', '2026-03-28T09:00:00+05:45', 3);
    expect(out).toEqual([
      '2026-03-28T03:15:00.000Z 2026-03-28T09:00:00+05:45',
      '2026-03-29T03:15:00.000Z 2026-03-29T09:00:00+05:45',
      '2026-03-30T03:15:00.000Z 2026-03-30T09:00:00+05:45',
    ]);
  });

  it('two wall-clock times that land on one instant in a gap fire once', () => {
    // 02:30 moves to 03:30, which the rule asks for anyway: one occurrence, not two.
    const out = series(
      'FREQ=DAILY;BYHOUR=2,3;BYMINUTE=30',
      'Europe/Berlin',
      '2026-03-28T02:30:00+01:00',
      5,
    );
    expect(out).toEqual([
      '2026-03-28T01:30:00.000Z 2026-03-28T02:30:00+01:00',
      '2026-03-28T02:30:00.000Z 2026-03-28T03:30:00+01:00',
      '2026-03-29T01:30:00.000Z 2026-03-29T03:30:00+02:00 gap 60',
      '2026-03-30T00:30:00.000Z 2026-03-30T02:30:00+02:00',
      '2026-03-30T01:30:00.000Z 2026-03-30T03:30:00+02:00',
    ]);
  });
});
