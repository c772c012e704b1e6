// Kernel queue benchmark (issue 2). In one run: (a) drain throughput vs raw better-sqlite3,
// (b) lateness with the real clock, (c) statements issued while idle.
//   npx tsc -b tools/tsconfig.lib.json && node tools/dist/bench/queue-bench.js [--quick]
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { benchDrain } from './queue-bench-drain';
import { benchIdle } from './queue-bench-idle';
import { benchLateness } from './queue-bench-lateness';

const FULL = {
  drainRows: 100_000,
  drainReps: 3,
  latenessCommands: 1_000,
  latenessWindowMs: 10_000,
  idleMs: 30_000,
  sweepMs: 7_000,
};
const QUICK = {
  drainRows: 10_000,
  drainReps: 1,
  latenessCommands: 200,
  latenessWindowMs: 2_000,
  idleMs: 3_000,
  sweepMs: 700,
};

function version(name: string): string {
  // Not `require.resolve(name + '/package.json')`: kysely's exports map hides it.
  const entry = require.resolve(name);
  const root = entry.slice(
    0,
    entry.lastIndexOf(`node_modules${path.sep}${name}`) + `node_modules${path.sep}${name}`.length,
  );
  return (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

const fmt = (n: number, digits = 1): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const sizes = quick ? QUICK : FULL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-queue-bench-'));
  try {
    const memory = new BetterSqlite3(':memory:');
    const sqlite = (memory.prepare('select sqlite_version() as v').get() as { v: string }).v;
    memory.close();
    console.log(`# Kernel queue benchmark${quick ? ' (--quick)' : ''}`);
    console.log(
      `machine: ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}, better-sqlite3 ${version('better-sqlite3')} (SQLite ${sqlite}), kysely ${version('kysely')}`,
    );

    const drain = await benchDrain(dir, sizes.drainRows, sizes.drainReps);
    console.log(
      `(a) drain ${drain.rows.toLocaleString('en-US')} due no-ops, batch ${drain.batchSize}, median of ${drain.reps}: queue ${fmt(drain.queueMs, 0)} ms = ${fmt(drain.queueRowsPerSec, 0)} rows/s; ` +
        `raw ${fmt(drain.rawMs, 0)} ms = ${fmt(drain.rawRowsPerSec, 0)} rows/s; ratio ${fmt(drain.ratio * 100)} % (target >= 40 %)`,
    );
    console.log(
      `    runs (ms): raw ${drain.rawRunsMs.map((ms) => fmt(ms, 0)).join(', ')}; queue ${drain.queueRunsMs.map((ms) => fmt(ms, 0)).join(', ')}`,
    );

    const lateness = await benchLateness(dir, sizes.latenessCommands, sizes.latenessWindowMs);
    console.log(
      `(b) lateness of ${lateness.commands} commands over ${lateness.windowMs / 1000} s, SystemClock: p50 ${lateness.p50Ms} ms, p99 ${lateness.p99Ms} ms, max ${lateness.maxMs} ms (target p99 <= 5 ms)`,
    );
    console.log(
      `    bare setTimeout on the same schedule just before: p50 ${lateness.baseline.p50Ms} ms, p99 ${lateness.baseline.p99Ms} ms, max ${lateness.baseline.maxMs} ms`,
    );

    const idle = await benchIdle(dir, sizes.idleMs, sizes.sweepMs);
    console.log(
      `(c) idle ${idle.idleMs / 1000} s with one row due in 1 h, sweep every ${idle.sweepMs / 1000} s (${Math.floor(idle.idleMs / idle.sweepMs)} sweeps): ${idle.statements} statements`,
    );
    for (const [text, count] of Object.entries(idle.texts)) {
      console.log(`    ${count} x ${text}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
