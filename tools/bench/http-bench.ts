import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchUsageError } from './cli-options';
import {
  BENCH_PATH,
  type BenchServer,
  checkAnswers,
  cpuSecondsOf,
  startBareServer,
  startBenchDaemon,
} from './http-bench-servers';
import { findWrk, runWrk, type WrkResult } from './http-bench-wrk';

/** Options of `npm run bench -- --http [...]`. */
export interface HttpBenchOptions {
  readonly seconds: number;
  readonly rounds: number;
  readonly connections: number;
  readonly threads: number;
  /** Run the daemon under `node --cpu-prof`, profiles written to this folder. */
  readonly cpuProfDir: string | undefined;
}

/** Issue 18: the daemon's scheduling route at ≥ 30 % of a bare fastify route, p99 ≤ 10 ms. */
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 10;

function whole(value: string | undefined, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) {
    throw new BenchUsageError(`${flag} needs a whole number from 1 to 10000`);
  }
  return n;
}

/**
 * `--http` plus `--seconds <n>` (per wrk run, default 8), `--rounds <n>` (bare/daemon pairs,
 * default 2), `--connections <n>` (default 32), `--threads <n>` (wrk threads, default 2),
 * `--cpu-prof <dir>`.
 */
export function parseHttpArgs(argv: readonly string[]): HttpBenchOptions {
  let options: HttpBenchOptions = {
    seconds: 8,
    rounds: 2,
    connections: 32,
    threads: 2,
    cpuProfDir: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    switch (arg) {
      case '--http':
        continue;
      case '--seconds':
        options = { ...options, seconds: whole(value, arg) };
        break;
      case '--rounds':
        options = { ...options, rounds: whole(value, arg) };
        break;
      case '--connections':
        options = { ...options, connections: whole(value, arg) };
        break;
      case '--threads':
        options = { ...options, threads: whole(value, arg) };
        break;
      case '--cpu-prof':
        if (value === undefined) {
          throw new BenchUsageError('--cpu-prof needs a folder for the daemon profile');
        }
        options = { ...options, cpuProfDir: value };
        break;
      default:
        throw new BenchUsageError(
          `--http: unknown argument "${arg}"; use --seconds, --rounds, --connections, --threads, --cpu-prof <dir>`,
        );
    }
    i++;
  }
  return options;
}

/** One measured wrk run, with the 1-minute load average just before it. */
export interface HttpRun extends WrkResult {
  readonly server: 'bare' | 'daemon';
  readonly round: number;
  readonly load1: number;
  /** CPU time the server process spent per answered request (µs), when /proc tells. */
  readonly cpuUsPerRequest: number | undefined;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const DAY_SEC = 86_400;

/** What one HTTP bench run measured (also written to `results/<start>-http.json`). */
export interface HttpSummary {
  readonly startedAt: string;
  readonly command: string;
  readonly options: HttpBenchOptions;
  readonly nproc: number;
  readonly runs: readonly HttpRun[];
  /** Medians over the rounds; `ratio` = daemon ÷ bare requests/s. */
  readonly median: {
    readonly bareRequestsPerSec: number;
    readonly daemonRequestsPerSec: number;
    readonly bareP99Ms: number;
    readonly daemonP99Ms: number;
    readonly bareCpuUsPerRequest: number | undefined;
    readonly daemonCpuUsPerRequest: number | undefined;
    readonly ratio: number;
  };
}

/**
 * The HTTP bench: the real daemon (fresh SQLite file, a user token) and a bare fastify route with
 * the same body, each driven by wrk with one POST per request and a distinct future instant,
 * interleaved (bare, daemon, bare, daemon…) so the shared machine's load weighs on both alike.
 * Prints requests/s and p99 of each run with the load average, and the ratio against the target.
 */
export async function runHttpBench(
  argv: readonly string[],
  log: (line: string) => void,
): Promise<HttpSummary | undefined> {
  const options = parseHttpArgs(argv);
  const wrk = findWrk();
  if (wrk === undefined) {
    log('wrk is not installed: `apt-get install -y wrk` (Debian package), then run again');
    process.exitCode = 2;
    return undefined;
  }
  const started = new Date();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-http-bench-'));
  const servers: BenchServer[] = [];
  const runs: HttpRun[] = [];
  try {
    const bare = await startBareServer();
    servers.push(bare);
    const daemon = await startBenchDaemon(dir, options.cpuProfDir);
    servers.push(daemon);
    const byName = { bare, daemon };
    let baseSec = Math.floor(Date.now() / 1000) + DAY_SEC;
    for (const server of servers) {
      await checkAnswers(server, new Date((baseSec - 1) * 1000).toISOString());
    }
    const load = (server: BenchServer, seconds: number) => {
      baseSec += DAY_SEC; // every run its own instants
      return runWrk(wrk, {
        url: server.url,
        path: BENCH_PATH,
        token: server.token,
        baseSec,
        threads: options.threads,
        connections: options.connections,
        seconds,
      });
    };
    log(
      `wrk -t${options.threads} -c${options.connections} -d${options.seconds}s, ${options.rounds} round(s) of bare then daemon; warming both up (5 s each: JIT warm-up under a shared machine)`,
    );
    await load(bare, 5);
    await load(daemon, 5);
    for (let round = 1; round <= options.rounds; round++) {
      for (const name of ['bare', 'daemon'] as const) {
        const load1 = os.loadavg()[0] ?? 0;
        const cpuBefore = cpuSecondsOf(byName[name].pid);
        const result = await load(byName[name], options.seconds);
        const cpuAfter = cpuSecondsOf(byName[name].pid);
        const cpuUsPerRequest =
          cpuBefore === undefined || cpuAfter === undefined || result.requests === 0
            ? undefined
            : ((cpuAfter - cpuBefore) * 1e6) / result.requests;
        runs.push({ server: name, round, load1, cpuUsPerRequest, ...result });
        log(
          `round ${round} ${name.padEnd(6)}: ${result.requestsPerSec.toFixed(0).padStart(6)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${cpuUsPerRequest?.toFixed(0) ?? '?'} µs CPU/request, non-2xx ${result.non2xx}, socket errors ${result.socketErrors}, load ${load1.toFixed(1)}`,
        );
      }
    }
  } finally {
    for (const server of servers.reverse()) {
      await server.stop();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return report(runs, options, started, log);
}

function report(
  runs: readonly HttpRun[],
  options: HttpBenchOptions,
  started: Date,
  log: (line: string) => void,
): HttpSummary {
  const of = (server: HttpRun['server']) => runs.filter((r) => r.server === server);
  const bareRate = median(of('bare').map((r) => r.requestsPerSec));
  const daemonRate = median(of('daemon').map((r) => r.requestsPerSec));
  const daemonP99 = median(of('daemon').map((r) => r.p99Ms));
  const ratio = daemonRate / bareRate;
  const cpu = (server: HttpRun['server']) => {
    const values = of(server).flatMap((r) =>
      r.cpuUsPerRequest === undefined ? [] : [r.cpuUsPerRequest],
    );
    return values.length === 0 ? undefined : median(values);
  };
  const bareCpu = cpu('bare');
  const daemonCpu = cpu('daemon');
  const invalid = runs.filter((r) => r.non2xx > 0 || r.socketErrors > 0);
  const summary = {
    startedAt: started.toISOString(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`,
    options,
    nproc: os.availableParallelism(),
    runs,
    median: {
      bareRequestsPerSec: bareRate,
      daemonRequestsPerSec: daemonRate,
      bareP99Ms: median(of('bare').map((r) => r.p99Ms)),
      daemonP99Ms: daemonP99,
      bareCpuUsPerRequest: bareCpu,
      daemonCpuUsPerRequest: daemonCpu,
      ratio,
    },
  };
  const resultsDir = path.resolve(__dirname, '../../bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${started.toISOString().replace(/[:.]/g, '-')}-http.json`);
  fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);

  log('');
  log('| round | server | requests/s | p50 ms | p99 ms | CPU µs/request | load (1 min) |');
  log('| ----: | ------ | ---------: | -----: | -----: | -------------: | -----------: |');
  for (const r of runs) {
    log(
      `| ${r.round} | ${r.server} | ${r.requestsPerSec.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${r.cpuUsPerRequest?.toFixed(0) ?? '?'} | ${r.load1.toFixed(1)} |`,
    );
  }
  log('');
  log(
    `median: daemon ${daemonRate.toFixed(0)} req/s (p99 ${daemonP99.toFixed(1)} ms), bare fastify ${bareRate.toFixed(0)} req/s: ratio ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGET_RATIO * 100} %, p99 ≤ ${TARGET_P99_MS} ms: ${ratio >= TARGET_RATIO && daemonP99 <= TARGET_P99_MS ? 'met' : 'missed'})`,
  );
  if (bareCpu !== undefined && daemonCpu !== undefined) {
    log(
      `CPU per request (median): daemon ${daemonCpu.toFixed(0)} µs, bare fastify ${bareCpu.toFixed(0)} µs: the daemon's costs ${(daemonCpu / bareCpu).toFixed(1)}× (the load-independent view of the same ratio)`,
    );
  }
  if (invalid.length > 0) {
    log(
      `NOT VALID: ${invalid.length} run(s) had non-2xx answers or socket errors (see ${path.basename(file)})`,
    );
    process.exitCode = 1;
  }
  log(`results: ${file}`);
  return summary;
}
