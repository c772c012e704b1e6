import { type BenchResults } from '../results.types';
import { spreadOf } from '../stats';
import { medianRate } from './targets';

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function ratio(mine: number | undefined, theirs: number | undefined): string {
  if (mine === undefined || theirs === undefined || theirs === 0) {
    return '–';
  }
  return `${(mine / theirs).toFixed(mine / theirs >= 10 ? 0 : 2)}×`;
}

/** Tickler's figures divided by each other system's (medians). */
export function ratiosTable(results: BenchResults): string[] {
  const t = results.systems.find((s) => s.system === 'tickler' && s.status !== 'not run');
  if (!t) {
    return ['Tickler did not run: no ratios.'];
  }
  const lines = [
    row([
      'Tickler ÷',
      'enqueue one',
      'enqueue bulk',
      'drain',
      'restart time (lower is better)',
      'lateness p99 (lower is better)',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
  ];
  const median = (xs: readonly (number | null)[] | undefined): number | undefined =>
    spreadOf((xs ?? []).filter((x): x is number => x !== null))?.median;
  for (const other of results.systems.filter(
    (s) => s.system !== 'tickler' && s.status !== 'not run',
  )) {
    lines.push(
      row([
        other.label,
        ratio(medianRate(t.enqueueOne), medianRate(other.enqueueOne)),
        ratio(medianRate(t.enqueueBulk), medianRate(other.enqueueBulk)),
        ratio(medianRate(t.drain), medianRate(other.drain)),
        ratio(median(t.restartMs), median(other.restartMs)),
        ratio(median(t.lateness?.map((l) => l.p99)), median(other.lateness?.map((l) => l.p99))),
      ]),
    );
  }
  return lines;
}
