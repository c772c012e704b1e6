import { type BenchResults, type RateRun, type SystemResults } from '../results.types';
import { formatNumber, quantile, spreadOf } from '../stats';
import { httpTarget } from './http-report';

/** Safety-sweep period of the Tickler queue at its defaults (ms). */
export const TICKLER_SWEEP_MS = 60_000;

/** How the targets name the raw system they are judged against (`raw-inbox`). */
export const RAW_REF = 'raw (inbox equivalent)';

/** Systems that are not peers: Tickler and the two hand-written raw baselines. */
const NOT_PEERS: readonly string[] = ['raw', 'raw-inbox', 'tickler'];

/** One target of issue 5 and how this run did against it. */
export interface TargetCheck {
  target: string;
  measured: string;
  /** undefined when it could not be judged (a system did not run). */
  met: boolean | undefined;
  note?: string;
}

export function medianRate(runs: readonly RateRun[] | undefined): number | undefined {
  return spreadOf((runs ?? []).map((r) => r.perSec))?.median;
}

function find(results: BenchResults, id: string): SystemResults | undefined {
  return results.systems.find((s) => s.system === id && s.status !== 'not run');
}

function pct(value: number): string {
  return `${(value * 100).toFixed(0)} %`;
}

/** Judges Tickler against every target of issue 5, and issue 18's HTTP target when the run measured it. */
export function checkTargets(results: BenchResults): TargetCheck[] {
  const t = find(results, 'tickler');
  // Targets are judged against the raw system doing the same work (inbox rows, status updates);
  // the job-queue raw (a no-op claim and delete) is printed alongside for reference.
  const raw = find(results, 'raw-inbox');
  const jobRaw = find(results, 'raw');
  const checks: TargetCheck[] = [];
  const ratioCheck = (
    target: string,
    pick: (s: SystemResults | undefined) => readonly RateRun[] | undefined,
    min: number,
  ): void => {
    const mine = medianRate(pick(t));
    const ref = medianRate(pick(raw));
    const job = medianRate(pick(jobRaw));
    const versusJob =
      mine !== undefined && job !== undefined ? `job-queue raw: ${pct(mine / job)}` : undefined;
    if (mine === undefined || ref === undefined) {
      checks.push({
        target,
        measured: versusJob === undefined ? '–' : `– (${versusJob})`,
        met: undefined,
        note:
          raw === undefined ? 'the inbox-equivalent raw did not run' : 'not measured in this run',
      });
      return;
    }
    checks.push({
      target,
      measured: pct(mine / ref) + (versusJob === undefined ? '' : ` (${versusJob})`),
      met: mine / ref >= min,
    });
  };
  ratioCheck(`drain ≥ 40 % of ${RAW_REF}`, (s) => s?.drain, 0.4);

  const peers = results.systems.filter(
    (s) => !NOT_PEERS.includes(s.system) && s.status !== 'not run',
  );
  const fastest = peers
    .map((p) => ({ label: p.label, rate: medianRate(p.drain) }))
    .filter((p): p is { label: string; rate: number } => p.rate !== undefined)
    .sort((a, b) => b.rate - a.rate)[0];
  const tDrain = medianRate(t?.drain);
  if (fastest && tDrain !== undefined) {
    checks.push({
      target: 'drain ≥ 3× the fastest peer',
      measured: `${(tDrain / fastest.rate).toFixed(1)}× (${fastest.label})`,
      met: tDrain / fastest.rate >= 3,
    });
  } else {
    checks.push({
      target: 'drain ≥ 3× the fastest peer',
      measured: '–',
      met: undefined,
      note: 'no peer ran',
    });
  }
  ratioCheck(
    `enqueue one per call ≥ 50 % of ${RAW_REF} one-row commits`,
    (s) => s?.enqueueOne,
    0.5,
  );
  ratioCheck(`enqueue bulk ≥ 50 % of ${RAW_REF} bulk insert`, (s) => s?.enqueueBulk, 0.5);

  const p99 = spreadOf((t?.lateness ?? []).map((l) => l.p99))?.median;
  checks.push({
    target: 'lateness p99 ≤ 5 ms',
    measured: p99 === undefined ? '–' : `${formatNumber(p99)} ms`,
    met:
      p99 === undefined ? undefined : p99 <= 5 && (t?.lateness ?? []).every((l) => l.missing === 0),
  });

  const idle = t?.idle;
  if (idle) {
    const sweeps = Math.max(1, Math.ceil(idle.windowMs / TICKLER_SWEEP_MS));
    checks.push({
      target: 'idle ≤ 1 statement per safety sweep, nothing else',
      measured: `${idle.clientOps} statements in ${idle.windowMs / 1000} s (≤ ${sweeps} allowed), ${idle.cpuSeconds.toFixed(3)} CPU s`,
      met: idle.clientOps <= sweeps,
    });
  } else {
    checks.push({
      target: 'idle ≤ 1 statement per safety sweep, nothing else',
      measured: '–',
      met: undefined,
      note: 'not measured in this run',
    });
  }

  const small = t?.scale?.small;
  const large = t?.scale?.large;
  if (small?.dueCheckMedianMs !== undefined && large?.dueCheckMedianMs !== undefined) {
    const ratio = large.dueCheckMedianMs / small.dueCheckMedianMs;
    checks.push({
      target: `due check with ${formatNumber(large.rows)} rows ≤ 2× the ${formatNumber(small.rows)}-row case`,
      measured: `${ratio.toFixed(2)}× (${large.dueCheckMedianMs.toFixed(3)} vs ${small.dueCheckMedianMs.toFixed(3)} ms)`,
      met: ratio <= 2,
    });
    const rssMb = large.rssBytes / 2 ** 20;
    checks.push({
      target: `RSS with ${formatNumber(large.rows)} rows ≤ 150 MB`,
      measured: `${rssMb.toFixed(0)} MB`,
      met: rssMb <= 150,
    });
  } else {
    checks.push({
      target: 'scale: due check ≤ 2× and RSS ≤ 150 MB',
      measured: '–',
      met: undefined,
      note: 'not measured in this run',
    });
  }

  const restarts = (t?.restartMs ?? []).filter((v): v is number => v !== null);
  const unfinished = (t?.restartMs ?? []).some((v) => v === null);
  const restart = restarts.length > 0 ? quantile(restarts, 0.5) : undefined;
  const target = `restart with ${formatNumber(results.config.drainN)} due rows ≤ 5 s`;
  if (unfinished) {
    // The drain cap is ≥ 5 s, so a fresh process that did not finish within it missed the target.
    checks.push({
      target,
      measured: `did not finish within ${results.config.drainCapMs / 1000} s`,
      met: results.config.drainCapMs >= 5000 ? false : undefined,
    });
  } else {
    checks.push({
      target,
      measured: restart === undefined ? '–' : `${(restart / 1000).toFixed(2)} s`,
      met: restart === undefined ? undefined : restart <= 5000,
    });
  }
  const http = httpTarget(results);
  if (http !== undefined) {
    checks.push(http);
  }
  return checks;
}
