// Per-call cost of the time foundations (zone conversions, recurrence, natural language) in
// this process: what settling one occurrence of a recurring reminder or one `when` costs.
// Usage: npm run build && node tools/dist/src/time-cost.js   (about 15 s; prints a table)
import { fromLocalDateTime, toIsoUtc, toLocalDateTime } from '@tickler/core/domain';
import { RecurrenceRule, resolveWhen } from '@tickler/time';

const CALLS = 2000;
const YEAR_MS = Date.UTC(2028, 0, 1) - Date.UTC(2027, 0, 1);

/** Mean microseconds per call of `fn(i)` over `calls` calls, after `calls / 4` warm-up calls. */
function micros(fn: (i: number) => unknown, calls = CALLS): number {
  for (let i = 0; i < calls / 4; i++) {
    fn(i);
  }
  const started = performance.now();
  for (let i = 0; i < calls; i++) {
    fn(i);
  }
  return ((performance.now() - started) * 1000) / calls;
}

/** An instant spread over 2027, so calls do not repeat one another. */
const instantOf = (i: number) => toIsoUtc(Date.UTC(2027, 0, 1) + ((i * 7_919_000_003) % YEAR_MS));

function series(rule: string): RecurrenceRule {
  return RecurrenceRule.create({
    rule,
    timeZone: 'Europe/Berlin',
    start: '2026-12-07T09:00:00+01:00',
  });
}

const daily = series('FREQ=DAILY');
const weekdays = series('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
const lastFriday = series('FREQ=MONTHLY;BYDAY=-1FR');
const counted = series('FREQ=DAILY;COUNT=1000');
const hours = Array.from({ length: 24 }, (_, h) => h).join(',');
const quarterHours = series(`FREQ=DAILY;BYHOUR=${hours};BYMINUTE=0,15,30,45`);
const everyDay = series(
  `FREQ=YEARLY;BYMONTHDAY=${Array.from({ length: 31 }, (_, d) => d + 1).join(',')}`,
);
const minutes = Array.from({ length: 60 }, (_, m) => m).join(',');
/** Issue 29's rule (389 characters): refused when accepted. */
const issue29 = `FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=${Array.from({ length: 31 }, (_, d) => d + 1).join(',')};BYHOUR=${hours};BYMINUTE=${minutes}`;
const rows: [string, number][] = [
  [
    'toLocalDateTime (Europe/Berlin)',
    micros((i) => toLocalDateTime(instantOf(i), 'Europe/Berlin')),
  ],
  [
    'fromLocalDateTime (Europe/Berlin)',
    micros((i) =>
      fromLocalDateTime(
        {
          year: 2027,
          month: 1 + (i % 12),
          day: 1 + (i % 28),
          hour: 9,
          minute: 0,
          second: 0,
          millisecond: 0,
        },
        'Europe/Berlin',
      ),
    ),
  ],
  ['RecurrenceRule.create (weekdays)', micros(() => series('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'))],
  ['next() FREQ=DAILY', micros((i) => daily.next(instantOf(i)))],
  ['next() FREQ=WEEKLY;BYDAY=MO..FR', micros((i) => weekdays.next(instantOf(i)))],
  ['next() FREQ=MONTHLY;BYDAY=-1FR', micros((i) => lastFriday.next(instantOf(i)))],
  [
    'next() FREQ=DAILY;COUNT=1000, near its end',
    micros(() => counted.next('2029-08-01T00:00:00Z'), 40),
  ],
  [
    'following() FREQ=DAILY;COUNT=1000, occurrence 900 → 901',
    micros(() => counted.following({ instant: '2029-05-24T07:00:00.000Z', number: 900 })),
  ],
  [
    'occurrences(100) every 15 minutes',
    micros((i) => quarterHours.occurrences(instantOf(i), 100), 200),
  ],
  [
    'occurrences(100) every day of the year',
    micros((i) => everyDay.occurrences(instantOf(i), 100), 200),
  ],
  [
    "issue 29's rule refused",
    micros(() => {
      try {
        series(issue29);
      } catch {
        // refused: what is measured
      }
    }, 200),
  ],
  [
    'resolveWhen "tomorrow 9am"',
    micros((i) => resolveWhen('tomorrow 9am', { timeZone: 'Europe/Berlin', now: instantOf(i) })),
  ],
];
console.log(
  `node ${process.version}, tz ${process.versions.tz ?? '?'}, ${CALLS} calls each (40 for COUNT, 200 for previews and the refusal)`,
);
console.log('| call | µs per call |\n| --- | ---: |');
for (const [name, us] of rows) {
  console.log(`| ${name} | ${us.toFixed(0)} |`);
}
