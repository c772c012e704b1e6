/** A system under test with one group of settings ("variant"). */
export type SystemId =
  | 'raw'
  | 'raw-inbox'
  | 'tickler'
  | 'plainjob'
  | 'plainjob-tuned'
  | 'bullmq'
  | 'bullmq-tuned'
  | 'pg-boss'
  | 'pg-boss-tuned'
  | 'graphile'
  | 'graphile-tuned';

/**
 * Workloads of issue 5; `drain` and `restart` share one run (see README). `http` is issue 18's
 * HTTP ratio: Tickler's daemon against a bare fastify route, one step of the run (with `tickler`).
 */
export type WorkloadName = 'enqueue' | 'drain' | 'restart' | 'lateness' | 'idle' | 'scale' | 'http';

export const WORKLOADS: readonly WorkloadName[] = [
  'enqueue',
  'drain',
  'restart',
  'lateness',
  'idle',
  'scale',
  'http',
];

/** What a child process is asked to do. */
export type ChildTask =
  | { kind: 'enqueue-one'; n: number; capMs: number }
  | { kind: 'enqueue-bulk'; n: number; chunk: number; capMs: number }
  /**
   * N items sharing one instant `leadMs` after the system is open (computed in the child, so
   * process start and migrations never eat the lead).
   */
  | { kind: 'seed-due'; n: number; chunk: number; leadMs: number }
  | { kind: 'drain'; n: number; capMs: number }
  | { kind: 'lateness'; n: number; spreadMs: number; leadMs: number; graceMs: number }
  | { kind: 'idle'; windowMs: number; warmupMs: number }
  | { kind: 'seed-future'; n: number; chunk: number }
  | { kind: 'due-check'; samples: number }
  | { kind: 'clean' };

/** Parameters a child receives on its command line. */
export interface ChildRequest {
  system: SystemId;
  task: ChildTask;
  /** Folder for SQLite files of this run (shared by the children of one system). */
  dataDir: string;
}

/** Result a child sends back; `ok: false` carries the error text. */
export type ChildReply =
  | { ok: true; result: ChildResult; cpuSeconds: number; rssBytes: number; clientOps: number }
  | { ok: false; error: string; unavailable?: boolean };

export type ChildResult =
  | { kind: 'enqueue'; done: number; elapsedMs: number; complete: boolean }
  | {
      kind: 'seeded';
      done: number;
      elapsedMs: number;
      /** The items' instant (epoch ms), for `seed-due`. */
      dueAtMs?: number;
      /** Seeding was still running at `dueAtMs`: later items were already due when written. */
      overran?: boolean;
    }
  | {
      kind: 'drain';
      processed: number;
      /** From the child's process start to the worker accepting work. */
      bootMs: number;
      /** From worker start to every item settled (or to the cap). */
      drainMs: number;
      /** Wall-clock instant (epoch ms) everything was settled: the parent derives restart time from it. */
      settledAtEpochMs: number;
      complete: boolean;
    }
  | { kind: 'lateness'; samplesMs: number[]; missing: number }
  | {
      kind: 'idle';
      windowMs: number;
      cpuSeconds: number;
      clientOps: number;
      /** Server-side counter delta (Redis commandstats, Postgres xact_commit), when available. */
      serverOps?: number;
      serverOpsLabel?: string;
    }
  | { kind: 'due-check'; samplesMs: number[]; rows: number; rssBytes: number }
  | { kind: 'cleaned' };
