import { invalidArgumentFrom } from '@tickler/core/testing';
import { ruleFromPhrase } from './recurrence-phrase';

describe('ruleFromPhrase (the CLI --every)', () => {
  it.each([
    ['weekday 09:00', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0'],
    ['every weekday at 9am', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0'],
    ['weekdays', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['daily 8:30', 'FREQ=DAILY;BYHOUR=8;BYMINUTE=30'],
    ['every day at 8:30pm', 'FREQ=DAILY;BYHOUR=20;BYMINUTE=30'],
    ['daily at 12am', 'FREQ=DAILY;BYHOUR=0;BYMINUTE=0'],
    ['daily at 12pm', 'FREQ=DAILY;BYHOUR=12;BYMINUTE=0'],
    ['daily at 7', 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0'],
    ['weekly mon,wed 18:00', 'FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=18;BYMINUTE=0'],
    ['Weekly Wed, Mon 18:00', 'FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=18;BYMINUTE=0'],
    ['weekly', 'FREQ=WEEKLY'],
    ['mon,thu 7pm', 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=19;BYMINUTE=0'],
    ['every monday at 9:15', 'FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=15'],
    ['weekend 10:00', 'FREQ=WEEKLY;BYDAY=SA,SU;BYHOUR=10;BYMINUTE=0'],
    ['monthly 1 09:00', 'FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=9;BYMINUTE=0'],
    ['monthly 31', 'FREQ=MONTHLY;BYMONTHDAY=31'],
    ['monthly -1 09:00', 'FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=9;BYMINUTE=0'],
    ['monthly last 18:00', 'FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=18;BYMINUTE=0'],
    ['monthly last fri 17:00', 'FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=17;BYMINUTE=0'],
    ['monthly first monday', 'FREQ=MONTHLY;BYDAY=1MO'],
    ['monthly 2nd tue at 9am', 'FREQ=MONTHLY;BYDAY=2TU;BYHOUR=9;BYMINUTE=0'],
    ['monthly 09:00', 'FREQ=MONTHLY;BYHOUR=9;BYMINUTE=0'],
    ['yearly dec 25 9am', 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25;BYHOUR=9;BYMINUTE=0'],
    ['yearly 02-29 09:00', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=9;BYMINUTE=0'],
    ['annually september 1', 'FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1'],
    ['every 2 weeks mon 9:00', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;BYHOUR=9;BYMINUTE=0'],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3'],
    ['every 6 months 15', 'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=15'],
    ['monthly on the 1st', 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['monthly on the 1st at 9am', 'FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=9;BYMINUTE=0'],
    ['monthly on the 15th 18:00', 'FREQ=MONTHLY;BYMONTHDAY=15;BYHOUR=18;BYMINUTE=0'],
    ['monthly the last', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['monthly on the first', 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['monthly on the first monday', 'FREQ=MONTHLY;BYDAY=1MO'],
    ['monthly 2nd tue', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['hourly', `FREQ=DAILY;BYHOUR=${[...Array(24).keys()].join(',')}`],
    ['every hour at :15', `FREQ=DAILY;BYHOUR=${[...Array(24).keys()].join(',')};BYMINUTE=15`],
    ['every 2 hours', 'FREQ=DAILY;BYHOUR=0,2,4,6,8,10,12,14,16,18,20,22'],
    ['every 6 hours :30', 'FREQ=DAILY;BYHOUR=0,6,12,18;BYMINUTE=30'],
    ['every 12 hours', 'FREQ=DAILY;BYHOUR=0,12'],
  ])('"%s" → %s', (phrase, rule) => {
    expect(ruleFromPhrase(phrase)).toBe(rule);
  });

  it.each([
    ['', /must be a repeat/],
    ['sometimes', /cannot read "sometimes"/],
    ['daily 25:00', /cannot read "25:00"/],
    ['daily 9', /cannot read "9"/],
    ['daily at', /cannot read "at"/],
    ['weekly mon,funday 9:00', /cannot read "mon,funday"/],
    ['monthly 32', /BYMONTHDAY: "32"/],
    ['monthly tenth fri', /cannot read "tenth"/],
    ['yearly feb 30', /BYMONTHDAY=30 never falls in BYMONTH=2/],
    ['every 0 days', /INTERVAL: "0"/],
    ['every 2 fortnights', /cannot read "fortnights"/],
    ['daily 09:00 please', /cannot read "please"/],
    ['x'.repeat(201), /must be a repeat/],
    ['every 5 hours', /does not divide a day/],
    ['hourly at 9', /cannot read "9"/],
    ['every 2 hours at :75', /cannot read ":75"/],
    ['hourly please', /cannot read "please"/],
    ['monthly on the 32nd', /BYMONTHDAY: "32"/],
  ])('refuses "%s" naming the field (%s)', (phrase, message) => {
    const error = invalidArgumentFrom(() => ruleFromPhrase(phrase, '--every'));
    expect(error.field).toBe('--every');
    expect(error.message).toMatch(message);
  });

  it('counts every n hours from the hour it was asked in', () => {
    expect(ruleFromPhrase('every 2 hours', 'every', 9)).toBe(
      'FREQ=DAILY;BYHOUR=1,3,5,7,9,11,13,15,17,19,21,23',
    );
    expect(ruleFromPhrase('every 8 hours', 'every', 10)).toBe('FREQ=DAILY;BYHOUR=2,10,18');
    expect(ruleFromPhrase('hourly', 'every', 13)).toBe(ruleFromPhrase('hourly'));
  });
});
