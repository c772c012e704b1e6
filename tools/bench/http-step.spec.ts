import { benchConfig } from './bench-config';
import { parseBenchArgs } from './cli-options';
import { type HttpSummary } from './http-bench';
import { ensureWrk, httpStepArgs, type HttpStepResults } from './http-step';
import { parseHttpArgs } from './http-bench';
import { peersSection } from './report/markdown-report';
import { checkTargets } from './report/targets';
import { type BenchResults } from './results.types';

function wrkRun(server: 'bare' | 'daemon', requestsPerSec: number, p99Ms: number) {
  return {
    server,
    round: 1,
    load1: 1.5,
    cpuUsPerRequest: server === 'bare' ? 60 : 300,
    requests: requestsPerSec * 8,
    requestsPerSec,
    p50Ms: p99Ms / 4,
    p99Ms,
    maxMs: p99Ms * 2,
    non2xx: 0,
    socketErrors: 0,
  };
}

function summary(bare: number, daemon: number, daemonP99Ms: number): HttpSummary {
  return {
    startedAt: '2026-12-02T00:00:00.000Z',
    command: 'npm run bench',
    options: parseHttpArgs(httpStepArgs(false)),
    nproc: 2,
    runs: [wrkRun('bare', bare, 5), wrkRun('daemon', daemon, daemonP99Ms)],
    median: {
      bareRequestsPerSec: bare,
      daemonRequestsPerSec: daemon,
      bareP99Ms: 5,
      daemonP99Ms,
      bareCpuUsPerRequest: 60,
      daemonCpuUsPerRequest: 300,
      ratio: daemon / bare,
    },
  };
}

function results(http?: HttpStepResults): BenchResults {
  return {
    startedAt: '2026-12-02T00:00:00.000Z',
    finishedAt: '2026-12-02T00:01:00.000Z',
    durationSec: 60,
    command: 'npm run bench',
    config: benchConfig(false),
    machine: { nproc: 2, cpuModel: 'cpu', memoryGiB: 24, node: 'v20', os: 'Linux' },
    versions: {},
    systems: [],
    ...(http === undefined ? {} : { http }),
  };
}

describe('the HTTP ratio in the main run (issue 18)', () => {
  it('is a workload of its own, and the Graphile Worker variants are selectable systems', () => {
    expect(parseBenchArgs(['--only', 'graphile']).systems).toEqual(['graphile', 'graphile-tuned']);
    const httpOnly = parseBenchArgs(['--workload', 'http']);
    expect(httpOnly.workloads).toEqual(['http']);
    expect(httpOnly.docs).toBe(false);
  });

  it('runs the --http bench with its defaults in a full run and one short round in a quick one', () => {
    expect(parseHttpArgs(httpStepArgs(false))).toMatchObject({ seconds: 8, rounds: 2 });
    expect(parseHttpArgs(httpStepArgs(true))).toMatchObject({ seconds: 3, rounds: 1 });
  });

  it('uses an installed wrk as it is', () => {
    expect(
      ensureWrk(
        () => undefined,
        () => '/usr/bin/wrk',
      ),
    ).toBe('/usr/bin/wrk');
  });

  it('writes the table and judges the target on the ratio of the medians and the daemon p99', () => {
    const met = peersSection(
      results({ status: 'ok', notes: [], summary: summary(40_000, 16_000, 8) }),
    );
    expect(met).toContain('### HTTP scheduling (issue 18): the daemon vs a bare fastify route');
    expect(met).toContain('| bare fastify route | 40.0k | 1.25 | 5.00 | 60.0 | 1.50 |');
    expect(met).toContain('| Tickler daemon | 16.0k | 2.00 | 8.00 | 300 | 1.50 |');
    expect(met).toContain('### Targets of issues 5 and 18 (Tickler)');
    expect(met).toContain(
      '| HTTP scheduling ≥ 30 % of bare fastify, p99 ≤ 10 ms | 40.0 %, p99 8.0 ms | met |',
    );
    const slow = checkTargets(
      results({ status: 'ok', notes: [], summary: summary(40_000, 16_000, 12) }),
    );
    expect(slow.at(-1)).toMatchObject({ measured: '40.0 %, p99 12.0 ms', met: false });
  });

  it('says why the step did not run, and leaves runs without it as they were', () => {
    const notRun = peersSection(results({ status: 'not run', notes: ['not run: wrk is missing'] }));
    expect(notRun).toContain('Not measured in this run: not run: wrk is missing.');
    expect(notRun).toContain(
      '| HTTP scheduling ≥ 30 % of bare fastify, p99 ≤ 10 ms | – | not judged (not measured in this run) |',
    );
    const before = peersSection(results());
    expect(before).not.toContain('HTTP scheduling');
    expect(before).toContain('### Targets of issue 5 (Tickler)');
  });
});
