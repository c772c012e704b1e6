import { describeRecurrence } from './describe-recurrence';
import { RecurrenceRule } from './recurrence-rule';

const words = (rule: string, start = '2026-12-04T09:00:00+01:00') =>
  describeRecurrence(RecurrenceRule.create({ rule, timeZone: 'Europe/Berlin', start }));

describe('describeRecurrence', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'every weekday at 09:00'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'every weekday at 09:00'],
    ['FREQ=DAILY', 'every day at 09:00'],
    ['FREQ=DAILY;INTERVAL=3', 'every 3 days at 09:00'],
    [`FREQ=DAILY;BYHOUR=${[...Array(24).keys()].join(',')}`, 'every hour at :00'],
    [
      'FREQ=DAILY;BYHOUR=1,3,5,7,9,11,13,15,17,19,21,23;BYMINUTE=30',
      'every 2 hours at :30 (01:30, 03:30, …)',
    ],
    ['FREQ=DAILY;BYHOUR=0,12', 'every 12 hours at :00 (00:00, 12:00, …)'],
    ['FREQ=DAILY;BYHOUR=9,12', 'every day at 09:00 and 12:00'],
    ['FREQ=WEEKLY', 'every Friday at 09:00'],
    ['FREQ=WEEKLY;BYDAY=SA,SU;BYHOUR=10;BYMINUTE=30', 'every Saturday and Sunday at 10:30'],
    ['FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=18;BYMINUTE=0', 'every Monday and Wednesday at 18:00'],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR',
      'every 2 weeks on Monday, Wednesday and Friday at 09:00',
    ],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'monthly on the last Friday at 09:00'],
    [
      'FREQ=MONTHLY;BYDAY=1MO,-2TU',
      'monthly on the first Monday and the second-to-last Tuesday at 09:00',
    ],
    ['FREQ=MONTHLY', 'monthly on the 4th at 09:00'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15,-1', 'monthly on the last day, the 1st and the 15th at 09:00'],
    [
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=21,22,23',
      'every 3 months on the 21st, the 22nd and the 23rd at 09:00',
    ],
    ['FREQ=YEARLY', 'yearly on December 4 at 09:00'],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 'yearly on the fourth Thursday in November at 09:00'],
    ['FREQ=YEARLY;BYDAY=20MO', 'yearly on the 20th Monday of the year at 09:00'],
    ['FREQ=DAILY;BYHOUR=8,20;BYMINUTE=0,30', 'every day at 08:00, 08:30, 20:00 and 20:30'],
    ['FREQ=DAILY;BYMONTH=12', 'every day in December at 09:00'],
    ['FREQ=DAILY;COUNT=5', 'every day at 09:00, 5 times'],
    ['FREQ=DAILY;UNTIL=20261231', 'every day at 09:00, until 2026-12-31'],
    ['FREQ=DAILY;UNTIL=20261231T220000Z', 'every day at 09:00, until 2026-12-31 22:00 UTC'],
  ])('%s → "%s"', (rule, text) => {
    expect(words(rule)).toBe(text);
  });
});
