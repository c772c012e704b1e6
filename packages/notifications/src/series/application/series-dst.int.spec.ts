import { startSeriesApp } from '../../testing';

// The DST policy through the whole series loop (dispatcher → settle policy → next row), driven by
// the manual clock at exactly each occurrence: a time that does not exist moves forward by the
// gap, a time that happens twice fires once at the first, month ends and leap days are skipped
// or kept as docs/time.md says. Each case lists the instants the rows go out at, in order.
const DAILY = 'FREQ=DAILY';

const CASES: [string, string, string, string, string[]][] = [
  // [title, zone, rule, occurrence 1, the instants it goes out at]
  [
    'Berlin spring 2027: 02:30 → 03:30 CEST',
    'Europe/Berlin',
    DAILY,
    '2027-03-27T02:30:00+01:00',
    ['2027-03-27T01:30:00.000Z', '2027-03-28T01:30:00.000Z', '2027-03-29T00:30:00.000Z'],
  ],
  [
    'Berlin fall 2026: 02:30 twice → once, at the first',
    'Europe/Berlin',
    DAILY,
    '2026-10-24T02:30:00+02:00',
    ['2026-10-24T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z'],
  ],
  [
    'New York spring 2027: 02:30 → 03:30 EDT',
    'America/New_York',
    DAILY,
    '2027-03-13T02:30:00-05:00',
    ['2027-03-13T07:30:00.000Z', '2027-03-14T07:30:00.000Z', '2027-03-15T06:30:00.000Z'],
  ],
  [
    'New York fall 2026: 01:30 twice → the EDT one',
    'America/New_York',
    DAILY,
    '2026-10-31T01:30:00-04:00',
    ['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z'],
  ],
  [
    'Lord Howe spring 2026: 30-minute gap, 02:15 → 02:45',
    'Australia/Lord_Howe',
    DAILY,
    '2026-10-03T02:15:00+10:30',
    ['2026-10-02T15:45:00.000Z', '2026-10-03T15:45:00.000Z', '2026-10-04T15:15:00.000Z'],
  ],
  [
    'Lord Howe fall 2027: 01:45 twice (30 min) → the first',
    'Australia/Lord_Howe',
    DAILY,
    '2027-04-03T01:45:00+11:00',
    ['2027-04-02T14:45:00.000Z', '2027-04-03T14:45:00.000Z', '2027-04-04T15:15:00.000Z'],
  ],
  [
    'Sydney spring 2026: 02:30 → 03:30 AEDT',
    'Australia/Sydney',
    DAILY,
    '2026-10-03T02:30:00+10:00',
    ['2026-10-02T16:30:00.000Z', '2026-10-03T16:30:00.000Z', '2026-10-04T15:30:00.000Z'],
  ],
  [
    'Sydney fall 2027: 02:30 twice → the AEDT one',
    'Australia/Sydney',
    DAILY,
    '2027-04-03T02:30:00+11:00',
    ['2027-04-02T15:30:00.000Z', '2027-04-03T15:30:00.000Z', '2027-04-04T16:30:00.000Z'],
  ],
  [
    'Santiago spring 2027: the gap at midnight, 00:30 → 01:30',
    'America/Santiago',
    DAILY,
    '2027-09-04T00:30:00-04:00',
    ['2027-09-04T04:30:00.000Z', '2027-09-05T04:30:00.000Z', '2027-09-06T03:30:00.000Z'],
  ],
  [
    'Santiago fall 2027: 23:30 twice → the first',
    'America/Santiago',
    DAILY,
    '2027-04-02T23:30:00-03:00',
    ['2027-04-03T02:30:00.000Z', '2027-04-04T02:30:00.000Z', '2027-04-05T03:30:00.000Z'],
  ],
  [
    'Kathmandu (+05:45, no DST): 09:00 is 03:15 UTC',
    'Asia/Kathmandu',
    DAILY,
    '2026-10-24T09:00:00+05:45',
    ['2026-10-24T03:15:00.000Z', '2026-10-25T03:15:00.000Z', '2026-10-26T03:15:00.000Z'],
  ],
  [
    'monthly on the 31st skips November and February',
    'UTC',
    'FREQ=MONTHLY',
    '2026-10-31T09:00:00Z',
    [
      '2026-10-31T09:00:00.000Z',
      '2026-12-31T09:00:00.000Z',
      '2027-01-31T09:00:00.000Z',
      '2027-03-31T09:00:00.000Z',
    ],
  ],
  [
    "BYMONTHDAY=-1 is every month's last day",
    'UTC',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    '2026-10-31T09:00:00Z',
    [
      '2026-10-31T09:00:00.000Z',
      '2026-11-30T09:00:00.000Z',
      '2026-12-31T09:00:00.000Z',
      '2027-01-31T09:00:00.000Z',
      '2027-02-28T09:00:00.000Z',
    ],
  ],
  [
    '29 February yearly only in leap years',
    'Europe/Berlin',
    'FREQ=YEARLY',
    '2028-02-29T09:00:00+01:00',
    ['2028-02-29T08:00:00.000Z', '2032-02-29T08:00:00.000Z'],
  ],
];

describe('the DST policy through the series loop (manual clock)', () => {
  it.each(CASES)('%s', async (_title, timeZone, rule, first, instants) => {
    const { app, run, rows } = await startSeriesApp(first, { rule, timeZone });
    for (const instant of instants) {
      await run(instant);
    }
    const all = await rows();
    expect(all.map((r) => [r.status, r.scheduled_at, r.sent_at])).toEqual([
      ...instants.map((i) => ['sent', i, i]),
      ['scheduled', expect.any(String), null],
    ]);
    await app.stop();
  });
});
