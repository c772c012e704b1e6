// (b) Lateness: commands spread evenly over a window, run by the queue on the real SystemClock;
// lateness = handler start (wall clock) - the instant the row was scheduled for.
import { Application, openSqliteDatabase } from '@tickler/core';
import { BenchLateness, benchContext, benchObserved } from './queue-bench-context';

export interface LatenessFigures {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface LatenessResult extends LatenessFigures {
  readonly commands: number;
  readonly windowMs: number;
  /** The same schedule on bare `setTimeout`s just before: what the machine itself adds. */
  readonly baseline: LatenessFigures;
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function figures(samples: readonly number[]): LatenessFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

/** Bare timers on the same schedule: the floor any in-process scheduler sits on. */
function baselineLateness(commands: number, windowMs: number): Promise<LatenessFigures> {
  const firstMs = Date.now() + 500;
  const stepMs = windowMs / commands;
  const samples: number[] = [];
  return new Promise((resolve) => {
    for (let i = 0; i < commands; i++) {
      const dueMs = Math.round(firstMs + i * stepMs);
      setTimeout(() => {
        samples.push(Date.now() - dueMs);
        if (samples.length === commands) {
          resolve(figures(samples));
        }
      }, dueMs - Date.now());
    }
  });
}

export async function benchLateness(
  dir: string,
  commands: number,
  windowMs: number,
): Promise<LatenessResult> {
  const baseline = await baselineLateness(commands, windowMs);
  const app = await Application.create({
    database: openSqliteDatabase({ file: `${dir}/lateness.db` }),
    contexts: [benchContext],
  });
  benchObserved.latenessMs.length = 0;
  app.start();
  // Start a little ahead so enqueueing (written first, then armed) never makes a row late.
  const firstMs = Date.now() + 500;
  const stepMs = windowMs / commands;
  await app.uow.run(async (tx) => {
    for (let i = 0; i < commands; i++) {
      const dueMs = Math.round(firstMs + i * stepMs);
      await app.queue.enqueue(
        Object.assign(new BenchLateness(), { dueMs }),
        { runAt: new Date(dueMs) },
        tx,
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    // Real time on purpose: the benchmark measures the real clock. Checks completion, no pacing.
    const deadline = Date.now() + windowMs + 60_000;
    const check = (): void => {
      if (benchObserved.latenessMs.length >= commands) {
        resolve();
      } else if (Date.now() > deadline) {
        reject(new Error(`only ${benchObserved.latenessMs.length} of ${commands} ran`));
      } else {
        setTimeout(check, 50);
      }
    };
    check();
  });
  await app.stop();
  return { commands, windowMs, ...figures(benchObserved.latenessMs), baseline };
}
