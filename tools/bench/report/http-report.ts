import { type BenchResults } from '../results.types';
import { formatSpread, spreadOf } from '../stats';
import { type TargetCheck } from './targets';

/** Issue 18: the daemon's scheduling route at ≥ 30 % of a bare fastify route, p99 ≤ 10 ms. */
export const HTTP_TARGET = 'HTTP scheduling ≥ 30 % of bare fastify, p99 ≤ 10 ms';
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 10;

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/**
 * The generated table of issue 18's HTTP ratio: each server's wrk runs as median (min–max), the
 * ratio of the medians, and the wrk settings. Empty for a run that did not select the step.
 */
export function httpSection(results: BenchResults): string[] {
  const http = results.http;
  if (http === undefined) {
    return [];
  }
  const out = ['### HTTP scheduling (issue 18): the daemon vs a bare fastify route', ''];
  const s = http.summary;
  if (s === undefined) {
    return [...out, `Not measured in this run: ${http.notes.join('; ')}.`, ''];
  }
  const o = s.options;
  out.push(
    `wrk \`-t${o.threads} -c${o.connections} -d${o.seconds}s\`, one POST \`/v1/users/bench-user/notifications\` per request with ` +
      `its own future \`scheduledAt\`, ${o.rounds} round${o.rounds === 1 ? '' : 's'} of bare then daemon after 5 s of warm-up each; ` +
      'the daemon on a fresh SQLite file with a user token, the bare route the same body in its own process ' +
      '(`npm run bench -- --http`, code in `tools/bench/http-bench*.ts`). CPU per request is the server process’s own, from `/proc`.',
    '',
    row(['server', 'requests/s', 'p50 (ms)', 'p99 (ms)', 'CPU µs/request', 'load (1 min)']),
    row(['---', '---:', '---:', '---:', '---:', '---:']),
  );
  for (const [server, label] of [
    ['bare', 'bare fastify route'],
    ['daemon', 'Tickler daemon'],
  ] as const) {
    const runs = s.runs.filter((r) => r.server === server);
    const f = (pick: (r: (typeof runs)[number]) => number | undefined): string =>
      formatSpread(
        spreadOf(runs.flatMap((r) => (pick(r) === undefined ? [] : [pick(r) as number]))),
      );
    out.push(
      row([
        label,
        f((r) => r.requestsPerSec),
        f((r) => r.p50Ms),
        f((r) => r.p99Ms),
        f((r) => r.cpuUsPerRequest),
        f((r) => r.load1),
      ]),
    );
  }
  const m = s.median;
  out.push(
    '',
    `Ratio of the medians: **${(m.ratio * 100).toFixed(1)} %** of bare fastify's requests/s` +
      (m.daemonCpuUsPerRequest !== undefined && m.bareCpuUsPerRequest !== undefined
        ? `; CPU per request ${(m.daemonCpuUsPerRequest / m.bareCpuUsPerRequest).toFixed(1)}× the bare route's.`
        : '.') +
      (http.notes.length > 0 ? ` ${http.notes.join('; ')}.` : ''),
    '',
  );
  return out;
}

/** Issue 18's HTTP target, judged on the run's HTTP step; undefined when the step was not selected. */
export function httpTarget(results: BenchResults): TargetCheck | undefined {
  const http = results.http;
  if (http === undefined) {
    return undefined;
  }
  const m = http.summary?.median;
  if (m === undefined) {
    return { target: HTTP_TARGET, measured: '–', met: undefined, note: 'not measured in this run' };
  }
  return {
    target: HTTP_TARGET,
    measured: `${(m.ratio * 100).toFixed(1)} %, p99 ${m.daemonP99Ms.toFixed(1)} ms`,
    met:
      http.status === 'ok' ? m.ratio >= TARGET_RATIO && m.daemonP99Ms <= TARGET_P99_MS : undefined,
    ...(http.status === 'ok' ? {} : { note: http.notes.join('; ') }),
  };
}
