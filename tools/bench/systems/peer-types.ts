/**
 * The parts of the bench's peer libraries it calls, typed here because the libraries live in
 * tools/bench/peers (installed by the bench on first use, not by `npm ci`), where the type checker
 * of a fresh clone cannot see them. Each shape is the library's own signature, narrowed to our use.
 */

/** A BullMQ 6 `Queue`. */
export interface BullmqQueue {
  add(name: string, data: unknown, opts: { delay: number }): Promise<unknown>;
  addBulk(jobs: { name: string; data: unknown; opts: { delay: number } }[]): Promise<unknown>;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
  obliterate(opts: { force: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** A BullMQ 6 `Worker`. */
export interface BullmqWorker {
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}

/** The `bullmq` module. */
export interface BullmqModule {
  Queue: new (name: string, opts: { connection: unknown }) => BullmqQueue;
  Worker: new (
    name: string,
    processor: (job: { data: unknown }) => Promise<void>,
    opts: { connection: unknown; concurrency?: number },
  ) => BullmqWorker;
}

/** A plainjob 0.0.14 queue (`defineQueue`). */
export interface PlainjobQueue {
  add(type: string, data: unknown, opts: { delay: number }): unknown;
  addMany(type: string, data: unknown[], opts: { delay: number }): unknown;
  countJobs(opts: { status: number }): number;
  getAndMarkJobAsProcessing(type: string): unknown;
  close(): void;
}

/** A plainjob worker (`defineWorker`). */
export interface PlainjobWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

type Logger = Record<'error' | 'warn' | 'info' | 'debug', () => undefined>;

/** The `plainjob` module. */
export interface PlainjobModule {
  better(db: unknown): unknown;
  defineQueue(opts: { connection: unknown; logger: Logger }): PlainjobQueue;
  defineWorker(
    type: string,
    run: (job: { data: string }) => void,
    opts: { queue: PlainjobQueue; logger: Logger; pollIntervall?: number },
  ): PlainjobWorker;
}

/** pg-boss 10 `work` options. */
export interface PgBossWorkOptions {
  batchSize?: number;
  pollingIntervalSeconds?: number;
}

/** A pg-boss 10 instance. */
export interface PgBoss {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  getDb(): unknown;
  start(): Promise<unknown>;
  createQueue(name: string): Promise<void>;
  send(name: string, data: unknown, opts: { startAfter: Date }): Promise<unknown>;
  insert(jobs: { name: string; data: unknown; startAfter: Date }[]): Promise<unknown>;
  work<T>(
    name: string,
    opts: PgBossWorkOptions,
    handler: (jobs: { data: T }[]) => Promise<void>,
  ): Promise<string>;
  fetch(name: string, opts: { batchSize: number }): Promise<unknown>;
  stop(opts: { graceful: boolean; wait: boolean; timeout: number }): Promise<void>;
}

/** The `pg-boss` module (CommonJS: its class is the default export). */
export interface PgBossModule {
  default: new (opts: { connectionString: string; schema: string }) => PgBoss;
}

/** A graphile-worker 0.18 worker pool (`run()` emits it in its `pool:create` event). */
export interface GraphileWorkerPool {
  /** Wakes up to `n` idle workers to look for a job now, as its LISTEN/NOTIFY handler does. */
  nudge(n: number): void;
}

/** A graphile-worker runner (`run()`). */
export interface GraphileRunner {
  stop(): Promise<void>;
}

/** graphile-worker's `WorkerUtils` (`makeWorkerUtils()`), narrowed to adding jobs. */
export interface GraphileWorkerUtils {
  migrate(): Promise<void>;
  addJob(identifier: string, payload: unknown, spec: { runAt: Date }): Promise<unknown>;
  addJobs(
    specs: readonly { identifier: string; payload: unknown; runAt?: Date }[],
  ): Promise<unknown>;
  release(): Promise<void>;
}

/** The `graphile-worker` module (ESM). */
export interface GraphileModule {
  run(options: {
    connectionString: string;
    schema?: string;
    concurrency?: number;
    pollInterval?: number;
    noHandleSignals: boolean;
    taskList: Record<string, (payload: unknown) => Promise<void>>;
    logger: unknown;
    events: unknown;
  }): Promise<GraphileRunner>;
  makeWorkerUtils(options: {
    connectionString: string;
    schema?: string;
    logger: unknown;
  }): Promise<GraphileWorkerUtils>;
  Logger: new (factory: () => () => void) => unknown;
}

/** A vega `View`. */
export interface VegaView {
  toSVG(): Promise<string>;
  finalize(): void;
}

/** The `vega` module. */
export interface VegaModule {
  View: new (runtime: unknown, opts: { renderer: 'none' }) => VegaView;
  parse(spec: unknown): unknown;
}

/** The `vega-lite` module. */
export interface VegaLiteModule {
  compile(spec: unknown): { spec: unknown };
}
