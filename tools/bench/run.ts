import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchConfig } from './bench-config';
import { type SystemId } from './bench.types';
import { SystemBench } from './bench-runner';
import { BenchUsageError, parseBenchArgs } from './cli-options';
import { runHttpBench } from './http-bench';
import { type HttpStepResults, runHttpStep } from './http-step';
import { machineInfo, versions } from './machine-info';
import { ensurePeers } from './peer-modules';
import { runPostgresBench } from './postgres/pg-run';
import { peersSection, spliceSection } from './report/markdown-report';
import { latenessSpec, throughputSpec } from './report/plot-specs';
import { renderSvg } from './report/render-svg';
import { checkTargets } from './report/targets';
import { type BenchResults } from './results.types';
import { baseOf, IN_DATA_DIR } from './systems/system-registry';
import { writeFormattedMarkdown } from '../src/write-formatted-markdown';

/** Repository root (this file runs from tools/dist/bench). */
const ROOT = path.resolve(__dirname, '../../..');

/**
 * Idle runs on one back-end server never overlap (the server-side counters are server-wide): each
 * round holds at most one user of each server. The exception is the two Graphile Worker variants,
 * which idle together in a third round (their client-side counts are per process; the server-side
 * delta is labelled as the pair's): a round of their own each would add another minute to the run.
 */
const IDLE_ROUNDS: SystemId[][] = [
  ['raw', 'raw-inbox', 'tickler', 'plainjob', 'plainjob-tuned', 'bullmq', 'pg-boss'],
  ['bullmq-tuned', 'pg-boss-tuned'],
  ['graphile', 'graphile-tuned'],
];

/**
 * Lateness of the peers runs in rounds at the same time: their lateness is their poll interval or
 * drain delay (tens of ms to seconds), and a worker handling 100 items/s leaves both cores mostly
 * idle. The back ends differ (SQLite file, Redis, PostgreSQL) except for pg-boss and Graphile
 * Worker, which share the PostgreSQL server: both find future jobs by polling every 0.5–2 s, far
 * above what 100 inserts/s each cost the server, and two more rounds would add ~100 s to the run.
 * Tickler and the raw baselines, whose lateness is a millisecond or two, run alone in the
 * sequential phase.
 */
const LATENESS_ROUNDS: SystemId[][] = [
  ['plainjob', 'bullmq', 'pg-boss', 'graphile'],
  ['plainjob-tuned', 'bullmq-tuned', 'pg-boss-tuned', 'graphile-tuned'],
];
const LATENESS_IN_ROUNDS = new Set(LATENESS_ROUNDS.flat());

const runStartMs = Date.now();

/** Progress lines carry the seconds since the run started (where a quick run's budget goes). */
function log(line: string): void {
  const progress =
    line.length > 0 && !line.startsWith('#') && !line.startsWith('|') && !line.includes('\n');
  process.stdout.write(
    progress
      ? `[${((Date.now() - runStartMs) / 1000).toFixed(1).padStart(5)} s] ${line}\n`
      : `${line}\n`,
  );
}

/** docs/benchmarks.md's peers section and the two plots, from one run's results. */
async function writeDocs(results: BenchResults): Promise<void> {
  const docsFile = path.join(ROOT, 'docs/benchmarks.md');
  const current = fs.existsSync(docsFile) ? fs.readFileSync(docsFile, 'utf8') : '';
  await writeFormattedMarkdown(docsFile, spliceSection(current, peersSection(results)));
  const plotsDir = path.join(ROOT, 'docs/benchmarks');
  fs.mkdirSync(plotsDir, { recursive: true });
  fs.writeFileSync(path.join(plotsDir, 'throughput.svg'), await renderSvg(throughputSpec(results)));
  fs.writeFileSync(path.join(plotsDir, 'lateness.svg'), await renderSvg(latenessSpec(results)));
}

async function main(): Promise<void> {
  if (process.argv.includes('--http')) {
    await runHttpBench(process.argv.slice(2), log); // its own options: http-bench.ts
    return;
  }
  if (process.argv.includes('--postgres')) {
    ensurePeers(log);
    await runPostgresBench(ROOT, process.argv.slice(2), log);
    return;
  }
  const options = parseBenchArgs(process.argv.slice(2));
  ensurePeers(log);
  if (options.report !== undefined) {
    // Re-render only (e.g. after a change to the report's wording): the figures are the file's.
    const saved = JSON.parse(fs.readFileSync(options.report, 'utf8')) as BenchResults;
    await writeDocs(saved);
    log(
      `wrote docs/benchmarks.md (peers section) and docs/benchmarks/*.svg from ${options.report}`,
    );
    return;
  }
  const config = benchConfig(options.quick, options.reps);
  const started = new Date();
  const command = [
    'npm run bench',
    ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
  ].join(' ');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-bench-'));
  log(
    `${command}: ${config.mode} run (enqueue/drain N = ${config.enqueueN}/${config.drainN}, ${config.reps} rep(s)); data in ${dataDir}`,
  );
  if (config.mode === 'quick') {
    log(
      'quick mode: smaller N and fewer repetitions than issue 5 asks; the figures are for iteration only',
    );
  }

  const benches = new Map<SystemId, SystemBench>();
  for (const system of options.systems) {
    const base = benches.get(baseOf(system));
    const bench = new SystemBench(system, config, dataDir, log);
    benches.set(system, bench);
    if (base) {
      bench.useBulkRatesOf(base);
    }
    if (base && base.results.status === 'not run') {
      bench.results.status = 'not run';
      bench.results.notes.push(...base.results.notes);
      continue;
    }
    log(`${system}:`);
    await bench.run(options.workloads, LATENESS_IN_ROUNDS.has(system));
  }

  if (options.workloads.includes('lateness')) {
    for (const round of LATENESS_ROUNDS) {
      const members = round
        .map((s) => benches.get(s))
        .filter((b): b is SystemBench => b !== undefined && b.results.status !== 'not run');
      if (members.length > 0) {
        log(`lateness, at the same time: ${members.map((b) => b.results.system).join(', ')}`);
        await Promise.all(members.map((b) => b.latenessRound()));
      }
    }
  }

  if (options.workloads.includes('idle')) {
    for (const round of IDLE_ROUNDS) {
      const members = round
        .map((s) => benches.get(s))
        .filter((b): b is SystemBench => b !== undefined && b.results.status !== 'not run');
      if (members.length > 0) {
        log(
          `idle (${config.idleWindowMs / 1000} s): ${members.map((b) => b.results.system).join(', ')}`,
        );
        await Promise.all(members.map((b) => b.idle()));
      }
    }
  }

  // Server-backed systems drop their schema / keys (different servers: at the same time); the
  // file-backed ones go with the data folder.
  await Promise.all(
    [...benches]
      .filter(
        ([system, bench]) =>
          baseOf(system) === system &&
          !IN_DATA_DIR.includes(system) &&
          bench.results.status !== 'not run',
      )
      .map(([, bench]) => bench.clean()),
  );
  fs.rmSync(dataDir, { recursive: true, force: true });

  // Issue 18's HTTP ratio: CPU-bound, so alone at the end, once every queue system has stopped.
  let http: HttpStepResults | undefined;
  if (options.workloads.includes('http') && options.systems.includes('tickler')) {
    log('http: the daemon vs a bare fastify route, with wrk');
    http = await runHttpStep(config.mode === 'quick', log);
  }

  const finished = new Date();
  const results: BenchResults = {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationSec: (finished.getTime() - started.getTime()) / 1000,
    command,
    config,
    machine: machineInfo(),
    versions: await versions(ROOT),
    systems: [...benches.values()].map((b) => b.results),
    ...(http === undefined ? {} : { http }),
  };

  const resultsDir = path.join(ROOT, 'tools/bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `${started.toISOString().replace(/[:.]/g, '-')}-${config.mode}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`results: ${path.relative(ROOT, file)}`);

  const section = peersSection(results);
  if (options.docs) {
    fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    await writeDocs(results);
    log(
      'wrote docs/benchmarks.md (peers section), docs/benchmarks/*.svg, tools/bench/results/latest.json',
    );
  }
  log('');
  log(section);
  log(
    `done in ${results.durationSec.toFixed(0)} s; targets met: ${checkTargets(results).filter((c) => c.met === true).length}/${checkTargets(results).length}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof BenchUsageError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
