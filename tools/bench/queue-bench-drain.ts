// (a) Drain throughput: N due no-op commands through the kernel queue, next to raw
// better-sqlite3 doing the same select/claim/settle on the same table in batches of the same size.
import BetterSqlite3 from 'better-sqlite3';
import { Application, openSqliteDatabase, UuidV7Generator } from '@tickler/core';
import { benchContext, benchObserved, BenchNoop } from './queue-bench-context';

export interface DrainResult {
  readonly rows: number;
  readonly batchSize: number;
  /** Alternating raw/queue repetitions; the figures are medians. */
  readonly reps: number;
  readonly queueRunsMs: readonly number[];
  readonly rawRunsMs: readonly number[];
  readonly queueMs: number;
  readonly rawMs: number;
  readonly queueRowsPerSec: number;
  readonly rawRowsPerSec: number;
  /** queue / raw throughput. */
  readonly ratio: number;
}

const BATCH = 200;

/** Fills the queue table of a migrated file with `rows` due no-op rows (not timed). */
export function seed(file: string, rows: number, dueMs: number): void {
  const db = new BetterSqlite3(file);
  const ids = new UuidV7Generator();
  const at = new Date(dueMs).toISOString();
  const insert = db.prepare(
    `insert into shared_scheduled_commands (id, command_type, payload, key, status, run_at, scheduled_for, attempts, max_attempts,
       backoff_base_ms, backoff_max_ms, created_at, updated_at) values (?, ?, '{}', null, 'pending', ?, ?, 0, 5, 1000, 3600000, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      insert.run(ids.next(), BenchNoop.type, at, at, at, at);
    }
  })();
  db.close();
}

export async function migratedFile(file: string): Promise<void> {
  const app = await Application.create({
    database: openSqliteDatabase({ file }),
    contexts: [benchContext],
  });
  await app.stop();
}

export async function drainQueue(file: string, rows: number): Promise<number> {
  const app = await Application.create({
    database: openSqliteDatabase({ file }),
    contexts: [benchContext],
    queue: { batchSize: BATCH },
  });
  benchObserved.noops = 0;
  const started = performance.now();
  app.start();
  await app.queue.idle();
  const elapsed = performance.now() - started;
  const stats = await app.queue.stats();
  await app.stop();
  if (benchObserved.noops !== rows || stats.pending + stats.running + stats.failed !== 0) {
    throw new Error(
      `queue drain incomplete: ran ${benchObserved.noops} of ${rows}, stats ${JSON.stringify(stats)}`,
    );
  }
  return elapsed;
}

/** The same work by hand: claim a batch (CAS UPDATE … RETURNING), run no-ops, delete the batch. */
export function drainRaw(file: string, rows: number): number {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const ids = new UuidV7Generator();
  const claim = db.prepare(
    `update shared_scheduled_commands set status = 'running', lease_token = ?, run_at = ?, attempts = attempts + 1, updated_at = ?
     where id in (select id from shared_scheduled_commands where status in ('pending', 'running') and run_at <= ? order by run_at limit ?)
       and status in ('pending', 'running') and run_at <= ? returning *`,
  );
  const settle = db.prepare(
    `delete from shared_scheduled_commands where lease_token = ? and status = 'running' and id in (select value from json_each(?))`,
  );
  const claimTx = db.transaction(
    (token: string, now: string, lease: string) =>
      claim.all(token, lease, now, now, BATCH, now) as { id: string; payload: string }[],
  );
  const settleTx = db.transaction((token: string, done: string) => settle.run(token, done));
  let ran = 0;
  const noop = (payload: unknown): number => (payload ? 1 : 0);
  const started = performance.now();
  for (;;) {
    const nowMs = Date.now();
    const token = ids.next();
    const batch = claimTx.immediate(
      token,
      new Date(nowMs).toISOString(),
      new Date(nowMs + 30_000).toISOString(),
    );
    if (batch.length === 0) {
      break;
    }
    for (const row of batch) {
      ran += noop(JSON.parse(row.payload));
    }
    settleTx.immediate(token, JSON.stringify(batch.map((r) => r.id)));
  }
  const elapsed = performance.now() - started;
  db.close();
  if (ran !== rows) {
    throw new Error(`raw drain ran ${ran} of ${rows}`);
  }
  return elapsed;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Fresh, migrated, seeded file for one drain. */
async function freshFile(dir: string, name: string, rows: number): Promise<string> {
  const file = `${dir}/${name}.db`;
  await migratedFile(file);
  seed(file, rows, Date.now() - 1_000);
  return file;
}

/**
 * After a small warm-up of each, raw and queue alternate (raw, queue, raw, queue, …) on fresh
 * files so that load from other processes on the machine hits both alike; the ratio is of the
 * medians.
 */
export async function benchDrain(dir: string, rows: number, reps: number): Promise<DrainResult> {
  const rawRunsMs: number[] = [];
  const queueRunsMs: number[] = [];
  // Warm-up (not counted): JIT, prepared statements, validator metadata on both sides.
  drainRaw(await freshFile(dir, 'warm-raw', 2_000), 2_000);
  await drainQueue(await freshFile(dir, 'warm-queue', 2_000), 2_000);
  for (let rep = 0; rep < reps; rep++) {
    rawRunsMs.push(drainRaw(await freshFile(dir, `drain-raw-${rep}`, rows), rows));
    queueRunsMs.push(await drainQueue(await freshFile(dir, `drain-queue-${rep}`, rows), rows));
  }
  const queueMs = median(queueRunsMs);
  const rawMs = median(rawRunsMs);
  const queueRowsPerSec = (rows / queueMs) * 1000;
  const rawRowsPerSec = (rows / rawMs) * 1000;
  return {
    rows,
    batchSize: BATCH,
    reps,
    queueRunsMs,
    rawRunsMs,
    queueMs,
    rawMs,
    queueRowsPerSec,
    rawRowsPerSec,
    ratio: queueRowsPerSec / rawRowsPerSec,
  };
}
