// Issue 32 item 7: Tickler's hand-written recurrence rules against rrule-temporal and ical.js's
// iterator, on the same cases (the RFC 5545 examples and DST tests of the notifications
// context's specs, docs/time.md's month-end, leap-day and impossible rules): correctness per
// case, and the time each takes for the whole set.
// Usage: npm run build && node tools/dist/src/recurrence-compare.js   (prints two tables)
import { toLocalDateTime } from '@tickler/core/domain';
import { type Case, CASES } from './recurrence-compare/cases';
import { type Library, LIBRARIES } from './recurrence-compare/libraries';

type Verdict = 'pass' | 'FAIL' | 'refused';

function localDate(instant: string, zone: string): string {
  const { local } = toLocalDateTime(instant, zone);
  return `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
}

function judge(library: Library, c: Case): { verdict: Verdict; got: string } {
  let got: string[];
  try {
    got = library.occurrences(c.rule, c.timeZone, c.start, c.count);
  } catch (error) {
    return {
      verdict: c.impossible ? 'pass' : 'refused',
      got: String((error as Error).message).slice(0, 80),
    };
  }
  if (c.impossible) {
    return { verdict: got.length <= 1 ? 'pass' : 'FAIL', got: got.slice(0, 3).join(' ') };
  }
  const shown = c.localDates ? got.map((i) => localDate(i, c.timeZone)) : got;
  const same = shown.length === c.expected.length && shown.every((v, i) => v === c.expected[i]);
  return { verdict: same ? 'pass' : 'FAIL', got: shown.slice(0, 4).join(' ') };
}

/** Mean microseconds for the whole case set, after a warm-up round. */
function timeOf(library: Library, rounds: number): number {
  const run = () => {
    for (const c of CASES) {
      try {
        library.occurrences(c.rule, c.timeZone, c.start, c.count);
      } catch {
        // refused: counted at the cost it took
      }
    }
  };
  run();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    run();
  }
  return ((performance.now() - started) * 1000) / rounds;
}

function main(): void {
  const rounds = Number(process.argv[2] ?? 5);
  const failures: string[] = [];
  const passes = LIBRARIES.map((library) => {
    let pass = 0;
    for (const c of CASES) {
      const { verdict, got } = judge(library, c);
      if (verdict === 'pass') {
        pass++;
      } else {
        failures.push(`${library.name} | ${c.title} | ${verdict} | got ${got}`);
      }
    }
    return pass;
  });
  process.stdout.write(
    `| library | cases passed (of ${CASES.length}) | µs for all cases (mean of ${rounds}) |\n| --- | --- | --- |\n`,
  );
  LIBRARIES.forEach((library, i) => {
    process.stdout.write(
      `| ${library.name} | ${passes[i]} | ${Math.round(timeOf(library, rounds))} |\n`,
    );
  });
  process.stdout.write(
    `\n| library | case | verdict | what it gave |\n| --- | --- | --- | --- |\n`,
  );
  for (const failure of failures) {
    process.stdout.write(`| ${failure} |\n`);
  }
}

main();
