import { RecurrenceRule } from './recurrence-rule';

/**
 * Examples from RFC 5545 §3.8.5.3 that fall in the supported subset, with the dates the RFC
 * lists. The RFC's DTSTART is in America/New_York at 09:00 local, so these also cross the
 * 1997 DST change (26 October): every occurrence must stay at 09:00 local.
 */
const cases: [string, string, string, number, string[]][] = [
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

describe('RecurrenceRule against the RFC 5545 examples (America/New_York, 09:00)', () => {
  it.each(cases)('%s: %s', (_title, rule, startDate, listed, dates) => {
    const offset = startDate >= '1997-04-06' && startDate < '1997-10-26' ? '-04:00' : '-05:00';
    const series = RecurrenceRule.create({
      rule,
      timeZone: 'America/New_York',
      start: `${startDate}T09:00:00${offset}`,
    });
    const got = series.occurrences(series.start, listed);
    expect(got.map((o) => o.local.slice(0, 10))).toEqual(dates);
    expect(new Set(got.map((o) => o.local.slice(11)))).toEqual(new Set(['09:00:00']));
  });
});
