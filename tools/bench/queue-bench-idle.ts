// (c) Idle cost: statements the queue issues while idle with one row due far in the future,
// counted at the driver (better-sqlite3's verbose hook through openSqliteDatabase's onStatement).
import { setTimeout as delay } from 'node:timers/promises';
import { Application, openSqliteDatabase } from '@tickler/core';
import { benchContext, BenchNoop } from './queue-bench-context';

export interface IdleResult {
  readonly idleMs: number;
  readonly sweepMs: number;
  readonly statements: number;
  /** Distinct statement texts seen while idle, with counts. */
  readonly texts: Record<string, number>;
}

export async function benchIdle(dir: string, idleMs: number, sweepMs: number): Promise<IdleResult> {
  const seen: string[] = [];
  const database = openSqliteDatabase({
    file: `${dir}/idle.db`,
    onStatement: (text) => seen.push(text),
  });
  const app = await Application.create({ database, contexts: [benchContext], queue: { sweepMs } });
  await app.queue.enqueue(new BenchNoop(), { delayMs: 3_600_000 });
  app.start();
  await app.queue.idle();
  seen.length = 0;
  await delay(idleMs);
  const texts: Record<string, number> = {};
  for (const text of seen) {
    const oneLine = text.replace(/\s+/g, ' ').trim();
    texts[oneLine] = (texts[oneLine] ?? 0) + 1;
  }
  const statements = seen.length;
  await app.stop();
  return { idleMs, sweepMs, statements, texts };
}
