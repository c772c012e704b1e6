import { type Client } from 'pg';
import {
  countGraphileQueries,
  GRAPHILE_TASK,
  loadGraphile,
  silentLogger,
  type StartedGraphile,
  startGraphile,
} from './graphile-runner';
import { type GraphileWorkerUtils } from './peer-types';
import { connectAdmin, dropSchema, PG_CONNECTION, xactCommits } from './pg-admin';
import { type OnRun, type QueueSystem } from './system.port';

const SCHEMA = 'tickler_bench_graphile';

/** Graphile Worker settings: its documented defaults, or more jobs at once. */
export interface GraphileSettings {
  /** `run()` option: jobs run at once, one worker (and one poll loop) each. Default 1. */
  concurrency?: number;
}

/**
 * graphile-worker 0.18 on PostgreSQL 127.0.0.1:5432 db `test`, in its own schema: `addJob` /
 * `addJobs` with `runAt` (WorkerUtils), `run()` with a task list. A job due at insert wakes a
 * worker by LISTEN/NOTIFY; one that falls due later is found by a worker's poll (every 2 s).
 */
export class GraphileSystem implements QueueSystem {
  readonly settings: string;
  private admin: Client | undefined;
  private utils: GraphileWorkerUtils | undefined;
  private worker: StartedGraphile | undefined;

  constructor(private readonly options: GraphileSettings) {
    this.settings =
      options.concurrency === undefined
        ? `defaults: run() concurrency 1, pollInterval 2000 ms (jobs due at insert come by LISTEN/NOTIFY), schema ${SCHEMA}`
        : `run() concurrency ${options.concurrency} (${options.concurrency} workers, each polling every 2000 ms, its default), schema ${SCHEMA}`;
  }

  async open(options: { clean: boolean }): Promise<void> {
    const admin = await connectAdmin();
    this.admin = admin;
    if (options.clean) {
      await dropSchema(admin, SCHEMA);
    }
    countGraphileQueries();
    const gw = await loadGraphile();
    this.utils = await gw.makeWorkerUtils({
      connectionString: PG_CONNECTION,
      schema: SCHEMA,
      logger: silentLogger(gw),
    });
    await this.utils.migrate();
  }

  private get u(): GraphileWorkerUtils {
    if (!this.utils) {
      throw new Error('Graphile Worker system is not open');
    }
    return this.utils;
  }

  async enqueueOne(runAtMs: number): Promise<void> {
    await this.u.addJob(GRAPHILE_TASK, { s: runAtMs }, { runAt: new Date(runAtMs) });
  }

  async enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    await this.u.addJobs(
      runAtMs.map((s) => ({ identifier: GRAPHILE_TASK, payload: { s }, runAt: new Date(s) })),
    );
  }

  async startWorker(onRun: OnRun): Promise<void> {
    this.worker = await startGraphile({
      connectionString: PG_CONNECTION,
      schema: SCHEMA,
      ...(this.options.concurrency === undefined ? {} : { concurrency: this.options.concurrency }),
      onJob: (payload) => onRun((payload as { s: number }).s),
    });
  }

  async unsettled(): Promise<number> {
    // Its public `jobs` view: a job is deleted when it completes; pending, future and running remain.
    const r = await (this.admin as Client).query<{ n: string }>(
      `select count(*) as n from ${SCHEMA}.jobs`,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  /**
   * One poll of the running worker with nothing due, timed from the outside: wake an idle worker
   * (`WorkerPool.nudge`, what its NOTIFY handler calls) and wait for its `worker:getJob:empty`
   * event. No public call runs the get-job query alone.
   */
  async dueCheck(): Promise<void> {
    const worker = this.worker;
    if (!worker) {
      throw new Error('Graphile Worker: no worker running');
    }
    await new Promise<void>((resolve) => {
      const done = (): void => {
        worker.events.off('worker:getJob:empty', done);
        resolve();
      };
      worker.events.on('worker:getJob:empty', done);
      worker.pool.nudge(1);
    });
  }

  /** Server-wide; in the idle step both Graphile Worker variants run at once (see run.ts). */
  async serverOps(): Promise<{ value: number; label: string }> {
    const { value } = await xactCommits(this.admin as Client);
    return {
      value,
      label:
        'pg_stat_database.xact_commit of db test: both Graphile Worker variants idle together, so the sum of the two, plus the probe queries',
    };
  }

  async close(options: { drop: boolean }): Promise<void> {
    await this.worker?.runner.stop().catch(() => undefined);
    await this.utils?.release().catch(() => undefined);
    if (options.drop && this.admin) {
      await dropSchema(this.admin, SCHEMA);
    }
    await this.admin?.end();
  }
}
