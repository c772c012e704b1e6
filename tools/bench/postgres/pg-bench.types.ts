/** Sizes of `npm run bench -- --postgres` (full) or `--postgres --quick`. */
export interface PgBenchConfig {
  readonly mode: 'full' | 'quick';
  /** Inbox deliveries (or peer jobs) due at once per drain. */
  readonly drainN: number;
  readonly daemonCounts: readonly number[];
  /** Reminders over the lateness window, with `latenessDaemons` daemons. */
  readonly latenessN: number;
  readonly latenessWindowMs: number;
  readonly latenessDaemons: number;
  /** How long statements are counted with nothing due. */
  readonly idleMs: number;
}

/** One drain: who, how many processes, how fast, and where the CPU went. */
export interface PgDrainRun {
  readonly system: string;
  readonly processes: number;
  readonly items: number;
  readonly seconds: number;
  readonly perSec: number;
  /** CPU seconds of each worker process (daemons; the bench process for a peer). */
  readonly workerCpuSec: readonly number[];
  /** Items each daemon delivered (its /metrics), when known. */
  readonly shares?: readonly number[];
  /** CPU seconds of every process of the PostgreSQL server (backends and its own workers). */
  readonly postgresCpuSec: number;
  /** Seconds the workers (summed) and the server's processes sat runnable, waiting for a core. */
  readonly workerWaitSec: number;
  readonly postgresWaitSec: number;
}

/** Statements one system sent while idle, from the server's statement log. */
export interface PgIdleRun {
  readonly system: string;
  readonly processes: number;
  readonly statementsPerMin: number;
}

/** Everything one run measured. */
export interface PgBenchResults {
  readonly startedAt: string;
  readonly command: string;
  readonly config: PgBenchConfig;
  readonly machine: string;
  readonly postgres: string;
  /** `os.loadavg()` (1, 5, 15 min) at the start and at the end. */
  readonly loadStart: readonly number[];
  readonly loadEnd: readonly number[];
  readonly settings: Record<string, string>;
  readonly drains: PgDrainRun[];
  readonly lateness: { p50: number; p99: number; max: number; n: number; daemons: number };
  readonly idle: PgIdleRun[];
}
