import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrivatePostgres } from '../../reliability/support/private-postgres';
import { spliceSection } from '../report/markdown-report';
import { renderSvg } from '../report/render-svg';
import { writeFormattedMarkdown } from '../../src/write-formatted-markdown';
import {
  BENCH_PG_PORT,
  loadAverage,
  PgBenchPhases,
  pgBenchConfig,
  serverVersion,
} from './pg-bench';
import { type PgBenchResults, type PgDrainRun } from './pg-bench.types';
import { GraphilePeer, PgBossPeer } from './pg-peers';
import { PG_HEADING, pgSection, scalingSpec } from './pg-report';

/**
 * `npm run bench -- --postgres [--quick] [--no-docs]`: Tickler's drain with 1, 2 and 4 daemon
 * processes next to pg-boss tuned and Graphile Worker, lateness with 4 daemons and idle
 * statements, all on one PostgreSQL cluster the bench starts for the run (PrivatePostgres).
 * Writes tools/bench/results/<time>-postgres.json and, unless `--no-docs` or `--quick`, its
 * section of docs/benchmarks.md and docs/benchmarks/postgres-scaling.svg.
 */
export async function runPostgresBench(
  root: string,
  argv: readonly string[],
  log: (line: string) => void,
): Promise<void> {
  const quick = argv.includes('--quick');
  const docs = argv.includes('--docs') || (!quick && !argv.includes('--no-docs'));
  const config = pgBenchConfig(quick);
  const command = `npm run bench -- ${argv.join(' ')}`;
  const startedAt = new Date().toISOString();
  const loadStart = loadAverage();
  const why = PrivatePostgres.unavailable();
  if (why !== undefined) {
    throw new Error(`--postgres needs a PostgreSQL server installation: ${why}`);
  }
  log(`${command}: ${config.mode} run; starting PostgreSQL on port ${BENCH_PG_PORT}`);
  const server = PrivatePostgres.start(BENCH_PG_PORT, { fsync: true });
  try {
    const phases = new PgBenchPhases(server, config, log);
    const drains: PgDrainRun[] = [];
    for (const n of config.daemonCounts) {
      drains.push(await phases.ticklerDrain(n));
    }
    const boss = new PgBossPeer(server.url);
    const graphile = new GraphilePeer(server.url);
    drains.push(await phases.peerDrain(boss));
    drains.push(await phases.peerDrain(graphile));
    log('lateness');
    const lateness = await phases.lateness();
    log(`idle (${config.idleMs / 1000} s)`);
    const idle = await phases.idle();
    const results: PgBenchResults = {
      startedAt,
      command,
      config,
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      postgres: await serverVersion(server.url),
      loadStart,
      loadEnd: loadAverage(),
      settings: {
        Tickler: 'daemon defaults (deliver-due batch 500, 20 batches per run)',
        [boss.label]: boss.settings,
        [graphile.label]: graphile.settings,
      },
      drains,
      lateness,
      idle,
    };
    const dir = path.join(root, 'tools/bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${startedAt.replace(/[:.]/g, '-')}-postgres-${config.mode}.json`);
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    log(`results: ${path.relative(root, file)}`);
    const section = pgSection(results);
    if (docs) {
      const docsFile = path.join(root, 'docs/benchmarks.md');
      const current = fs.readFileSync(docsFile, 'utf8');
      await writeFormattedMarkdown(docsFile, spliceSection(current, section, PG_HEADING));
      fs.writeFileSync(
        path.join(root, 'docs/benchmarks/postgres-scaling.svg'),
        await renderSvg(scalingSpec(results)),
      );
      log('wrote docs/benchmarks.md (PostgreSQL section) and docs/benchmarks/postgres-scaling.svg');
    }
    log('');
    log(section);
  } finally {
    server.stop();
  }
}
