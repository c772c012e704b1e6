/** Runs a queued command; the application wires it to the command bus. */
export type QueueExecutor = (type: string, payload: unknown) => Promise<unknown>;

/** Tells whether a failure can never succeed on retry (validation, unknown command). */
export type PermanentFailure = (error: unknown) => boolean;

/** Tuning of {@link DurableCommandQueue}. All durations in ms. */
export interface QueueOptions {
  /** Rows claimed per statement. Default 200. */
  batchSize?: number;
  /** Handlers run at once within a batch. Default 8. */
  concurrency?: number;
  /** How long a claim is exclusive before another process may recover it. Default 30 s. */
  leaseMs?: number;
  /**
   * Safety sweep period: covers lost timers, clock jumps, suspend/resume and other writers of
   * the same file. One indexed read when nothing is due. Default 60 s.
   */
  sweepMs?: number;
  /** Default claims per run. Default 5. */
  maxAttempts?: number;
  /**
   * How often the queue looks at the other instances' locks while there are any, to take over
   * a dead one's claims (ADR 0004). Default 1 s. No timer while this instance is alone.
   */
  instanceWatchMs?: number;
  /**
   * The same look while this instance is working (a cycle or a batch in flight): a dead peer
   * usually dies holding work that others are waiting for. Default 200 ms.
   */
  instanceWatchBusyMs?: number;
  /**
   * PostgreSQL with other instances: how long a row may wait, once due, for this queue's busy
   * cycle before it is handed to the others (a NOTIFY; most cycles end sooner, and the hand-off
   * would only make every idle daemon race for the row). Default 20 ms.
   */
  handOffMs?: number;
}

/** {@link QueueOptions} with every default applied. */
export type ResolvedQueueOptions = Required<QueueOptions>;

/** Applies the defaults of {@link QueueOptions}. */
export function resolveQueueOptions(options: QueueOptions = {}): ResolvedQueueOptions {
  return {
    batchSize: options.batchSize ?? 200,
    concurrency: options.concurrency ?? 8,
    leaseMs: options.leaseMs ?? 30_000,
    sweepMs: options.sweepMs ?? 60_000,
    maxAttempts: options.maxAttempts ?? 5,
    instanceWatchMs: options.instanceWatchMs ?? 1_000,
    instanceWatchBusyMs: options.instanceWatchBusyMs ?? 200,
    handOffMs: options.handOffMs ?? 20,
  };
}

/** Snapshot for health checks and metrics. */
export interface QueueStats {
  /** Rows waiting for their instant (or a retry). */
  pending: number;
  /** Rows claimed by some process right now. */
  running: number;
  /** Rows that gave up (kept with their last error). */
  failed: number;
  /** Earliest pending instant (ISO UTC), if any. */
  earliestDue?: string;
  /** How late the most overdue pending row is, in ms (0 when nothing is overdue). */
  oldestLatenessMs: number;
}
