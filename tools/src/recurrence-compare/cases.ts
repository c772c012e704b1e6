// The cases of packages/notifications/src/domain/recurrence/recurrence-rule.{rfc5545,dst}.spec.ts
// (and the month-end, leap-day and impossible-rule rules of docs/time.md), as data each library
// is run on. Copied, not imported: a spec file registers jest tests when loaded.
import { fromLocalDateTime } from '@tickler/core/domain';

/** One case: a rule from a start, and what its first `count` occurrences must be. */
export interface Case {
  readonly title: string;
  readonly rule: string;
  readonly timeZone: string;
  /** Wall-clock start `YYYY-MM-DDTHH:MM:SS` in `timeZone`. */
  readonly start: string;
  readonly count: number;
  /** Expected UTC instants (ISO), or local dates `YYYY-MM-DD` when `localDates`. */
  readonly expected: readonly string[];
  readonly localDates?: boolean;
  /** The rule can never fire after its start: refused, or nothing after the first. */
  readonly impossible?: boolean;
}

const RFC: [string, string, string, number, string[]][] = [
  ['Daily for 10 occurrences', 'FREQ=DAILY;COUNT=10', '1997-09-02', 10, ['1997-09-02', '1997-09-03', '1997-09-04', '1997-09-05', '1997-09-06', '1997-09-07', '1997-09-08', '1997-09-09', '1997-09-10', '1997-09-11']],
  ['Every 10 days, 5 occurrences', 'FREQ=DAILY;INTERVAL=10;COUNT=5', '1997-09-02', 10, ['1997-09-02', '1997-09-12', '1997-09-22', '1997-10-02', '1997-10-12']],
  ['Weekly on Tuesday and Thursday for five weeks', 'FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH', '1997-09-02', 20, ['1997-09-02', '1997-09-04', '1997-09-09', '1997-09-11', '1997-09-16', '1997-09-18', '1997-09-23', '1997-09-25', '1997-09-30', '1997-10-02']],
  ['Every other week on Tuesday and Thursday, for 8 occurrences', 'FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH', '1997-09-02', 20, ['1997-09-02', '1997-09-04', '1997-09-16', '1997-09-18', '1997-09-30', '1997-10-02', '1997-10-14', '1997-10-16']],
  ['Monthly on the first Friday for 10 occurrences', 'FREQ=MONTHLY;COUNT=10;BYDAY=1FR', '1997-09-05', 20, ['1997-09-05', '1997-10-03', '1997-11-07', '1997-12-05', '1998-01-02', '1998-02-06', '1998-03-06', '1998-04-03', '1998-05-01', '1998-06-05']],
  ['Every other month on the first and last Sunday, 10 occurrences', 'FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU', '1997-09-07', 20, ['1997-09-07', '1997-09-28', '1997-11-02', '1997-11-30', '1998-01-04', '1998-01-25', '1998-03-01', '1998-03-29', '1998-05-03', '1998-05-31']],
  ['Monthly on the second-to-last Monday for 6 months', 'FREQ=MONTHLY;COUNT=6;BYDAY=-2MO', '1997-09-22', 20, ['1997-09-22', '1997-10-20', '1997-11-17', '1997-12-22', '1998-01-19', '1998-02-16']],
  ['Monthly on the third-to-the-last day, forever', 'FREQ=MONTHLY;BYMONTHDAY=-3', '1997-09-28', 6, ['1997-09-28', '1997-10-29', '1997-11-28', '1997-12-29', '1998-01-29', '1998-02-26']],
  ['Monthly on the 2nd and 15th for 10 occurrences', 'FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15', '1997-09-02', 20, ['1997-09-02', '1997-09-15', '1997-10-02', '1997-10-15', '1997-11-02', '1997-11-15', '1997-12-02', '1997-12-15', '1998-01-02', '1998-01-15']],
  ['Monthly on the first and last day for 10 occurrences', 'FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1', '1997-09-30', 20, ['1997-09-30', '1997-10-01', '1997-10-31', '1997-11-01', '1997-11-30', '1997-12-01', '1997-12-31', '1998-01-01', '1998-01-31', '1998-02-01']],
  ['Every 18 months on the 10th–15th, 10 occurrences', 'FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15', '1997-09-10', 20, ['1997-09-10', '1997-09-11', '1997-09-12', '1997-09-13', '1997-09-14', '1997-09-15', '1999-03-10', '1999-03-11', '1999-03-12', '1999-03-13']],
  ['Every Tuesday, every other month', 'FREQ=MONTHLY;INTERVAL=2;BYDAY=TU', '1997-09-02', 7, ['1997-09-02', '1997-09-09', '1997-09-16', '1997-09-23', '1997-09-30', '1997-11-04', '1997-11-11']],
  ['Yearly in June and July for 10 occurrences', 'FREQ=YEARLY;COUNT=10;BYMONTH=6,7', '1997-06-10', 20, ['1997-06-10', '1997-07-10', '1998-06-10', '1998-07-10', '1999-06-10', '1999-07-10', '2000-06-10', '2000-07-10', '2001-06-10', '2001-07-10']],
  ['Every other year on January, February and March for 10 occurrences', 'FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3', '1997-03-10', 20, ['1997-03-10', '1999-01-10', '1999-02-10', '1999-03-10', '2001-01-10', '2001-02-10', '2001-03-10', '2003-01-10', '2003-02-10', '2003-03-10']],
  ['Every 20th Monday of the year, forever', 'FREQ=YEARLY;BYDAY=20MO', '1997-05-19', 3, ['1997-05-19', '1998-05-18', '1999-05-17']],
  ['Every Thursday in March, forever', 'FREQ=YEARLY;BYMONTH=3;BYDAY=TH', '1997-03-13', 11, ['1997-03-13', '1997-03-20', '1997-03-27', '1998-03-05', '1998-03-12', '1998-03-19', '1998-03-26', '1999-03-04', '1999-03-11', '1999-03-18', '1999-03-25']],
  ['Every Friday the 13th (the start counts, as DTSTART does)', 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', '1997-09-02', 6, ['1997-09-02', '1998-02-13', '1998-03-13', '1998-11-13', '1999-08-13', '2000-10-13']],
  ['The first Saturday that follows the first Sunday of the month', 'FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13', '1997-09-13', 6, ['1997-09-13', '1997-10-11', '1997-11-08', '1997-12-13', '1998-01-10', '1998-02-07']],
  ['US presidential election day, every 4 years', 'FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8', '1996-11-05', 3, ['1996-11-05', '2000-11-07', '2004-11-02']],
]; // prettier-ignore

/** `FREQ=DAILY` three times across each DST change of six zones (the policy of docs/time.md). */
const DST: [string, string, string[]][] = [
  ['Europe/Berlin', '2026-03-28T02:30:00', ['2026-03-28T01:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z']],
  ['Europe/Berlin', '2026-10-24T02:30:00', ['2026-10-24T00:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']],
  ['America/New_York', '2026-03-07T02:30:00', ['2026-03-07T07:30:00.000Z', '2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z']],
  ['America/New_York', '2026-10-31T01:30:00', ['2026-10-31T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']],
  ['Australia/Lord_Howe', '2026-10-03T02:15:00', ['2026-10-02T15:45:00.000Z', '2026-10-03T15:45:00.000Z', '2026-10-04T15:15:00.000Z']],
  ['Australia/Lord_Howe', '2026-04-04T01:45:00', ['2026-04-03T14:45:00.000Z', '2026-04-04T14:45:00.000Z', '2026-04-05T15:15:00.000Z']],
  ['America/Santiago', '2026-09-05T00:30:00', ['2026-09-05T04:30:00.000Z', '2026-09-06T04:30:00.000Z', '2026-09-07T03:30:00.000Z']],
  ['America/Santiago', '2026-04-03T23:30:00', ['2026-04-04T02:30:00.000Z', '2026-04-05T02:30:00.000Z', '2026-04-06T03:30:00.000Z']],
  ['Australia/Sydney', '2026-10-03T02:30:00', ['2026-10-02T16:30:00.000Z', '2026-10-03T16:30:00.000Z', '2026-10-04T15:30:00.000Z']],
  ['Australia/Sydney', '2026-04-04T02:30:00', ['2026-04-03T15:30:00.000Z', '2026-04-04T15:30:00.000Z', '2026-04-05T16:30:00.000Z']],
  ['Asia/Kathmandu', '2026-03-28T09:00:00', ['2026-03-28T03:15:00.000Z', '2026-03-29T03:15:00.000Z', '2026-03-30T03:15:00.000Z']],
]; // prettier-ignore

const WEEKLY_ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/Santiago',
  'Australia/Sydney',
];

/** Every Sunday at 09:00 for a year: 09:00 local every week, through both changes. */
function weeklyYear(zone: string): Case {
  const expected: string[] = [];
  for (let week = 0; week < 52; week++) {
    const day = new Date(Date.UTC(2026, 0, 4 + 7 * week));
    const local = {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: 9,
      minute: 0,
      second: 0,
      millisecond: 0,
    };
    expected.push(fromLocalDateTime(local, zone).instant);
  }
  return {
    title: `${zone}: every Sunday 09:00 for a year`,
    rule: 'FREQ=WEEKLY',
    timeZone: zone,
    start: '2026-01-04T09:00:00',
    count: 52,
    expected,
  };
}

/** Every case, each library runs all of them. */
export const CASES: readonly Case[] = [
  ...RFC.map(([title, rule, date, count, expected]) => ({
    title: `RFC 5545: ${title}`,
    rule,
    timeZone: 'America/New_York',
    start: `${date}T09:00:00`,
    count,
    expected,
    localDates: true,
  })),
  ...DST.map(([zone, start, expected]) => ({
    title: `DST: ${zone} from ${start}`,
    rule: 'FREQ=DAILY',
    timeZone: zone,
    start,
    count: 3,
    expected,
  })),
  ...WEEKLY_ZONES.map(weeklyYear),
  {
    title: 'two wall-clock times landing on one instant in a gap fire once',
    rule: 'FREQ=DAILY;BYHOUR=2,3;BYMINUTE=30',
    timeZone: 'Europe/Berlin',
    start: '2026-03-28T02:30:00',
    count: 5,
    expected: ['2026-03-28T01:30:00.000Z', '2026-03-28T02:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-30T01:30:00.000Z'],
  },
  {
    title: 'monthly on the 31st skips the months without one',
    rule: 'FREQ=MONTHLY',
    timeZone: 'Europe/Berlin',
    start: '2026-01-31T09:00:00',
    count: 7,
    expected: ['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31', '2026-10-31', '2026-12-31'],
    localDates: true,
  },
  {
    title: 'BYMONTHDAY=-1 is the last day of every month',
    rule: 'FREQ=MONTHLY;BYMONTHDAY=-1',
    timeZone: 'Europe/Berlin',
    start: '2026-01-31T09:00:00',
    count: 4,
    expected: ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'],
    localDates: true,
  },
  {
    title: '29 February yearly fires in leap years only (2100 is not one)',
    rule: 'FREQ=YEARLY',
    timeZone: 'UTC',
    start: '2096-02-29T09:00:00',
    count: 2,
    expected: ['2096-02-29', '2104-02-29'],
    localDates: true,
  },
  {
    title: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30 never fires after its start',
    rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    timeZone: 'UTC',
    start: '2026-01-01T09:00:00',
    count: 3,
    expected: [],
    impossible: true,
  },
]; // prettier-ignore
