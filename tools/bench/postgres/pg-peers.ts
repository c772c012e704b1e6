import { importPeer } from '../peer-modules';
import {
  GRAPHILE_TASK,
  loadGraphile,
  silentLogger,
  startGraphile,
} from '../systems/graphile-runner';
import { type GraphileRunner, type PgBoss, type PgBossModule } from '../systems/peer-types';

/** One peer queue on a PostgreSQL server, driven in this process. */
export interface PgPeer {
  readonly label: string;
  readonly settings: string;
  /** `count` jobs already due, inserted in bulk (no worker running yet). */
  insertDue(count: number): Promise<void>;
  /** Starts the worker; `onRun` once per job handled. */
  startWorker(onRun: () => void): Promise<void>;
  /** Stops the worker and drops the peer's schema. */
  close(): Promise<void>;
}

/** Jobs per bulk insert call. */
const CHUNK = 10_000;

/** pg-boss with the speed settings of issue 16: work() batchSize 5000, poll every 0.5 s. */
export class PgBossPeer implements PgPeer {
  readonly label = 'pg-boss tuned';
  readonly settings = 'pg-boss 10, work() batchSize 5000, pollingIntervalSeconds 0.5';
  private boss: PgBoss | undefined;
  private readonly schema = 'bench_pgboss';

  constructor(private readonly url: string) {}

  private async open(): Promise<PgBoss> {
    if (this.boss) {
      return this.boss;
    }
    const { default: PgBossClass } = await importPeer<PgBossModule>('pg-boss');
    const boss = new PgBossClass({
      connectionString: `${this.url}?application_name=pg-boss`,
      schema: this.schema,
    });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue('bench');
    this.boss = boss;
    return boss;
  }

  async insertDue(count: number): Promise<void> {
    const boss = await this.open();
    for (let start = 0; start < count; start += CHUNK) {
      const n = Math.min(CHUNK, count - start);
      await boss.insert(
        Array.from({ length: n }, (_, i) => ({
          name: 'bench',
          data: { i },
          startAfter: new Date(0),
        })),
      );
    }
  }

  async startWorker(onRun: () => void): Promise<void> {
    const boss = await this.open();
    await boss.work<{ i: number }>(
      'bench',
      { batchSize: 5000, pollingIntervalSeconds: 0.5 },
      (jobs) => {
        jobs.forEach(() => onRun());
        return Promise.resolve();
      },
    );
  }

  async close(): Promise<void> {
    await this.boss?.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
  }
}

/** Graphile Worker with concurrency 10 (issue 18), its LISTEN/NOTIFY and 2 s fallback poll. */
export class GraphilePeer implements PgPeer {
  readonly label = 'Graphile Worker';
  readonly settings = 'graphile-worker 0.18, concurrency 10, pollInterval 2000 ms (its default)';
  private runner: GraphileRunner | undefined;

  constructor(private readonly url: string) {}

  private get connectionString(): string {
    return `${this.url}?application_name=graphile-worker`;
  }

  async insertDue(count: number): Promise<void> {
    const gw = await loadGraphile();
    const utils = await gw.makeWorkerUtils({
      connectionString: this.connectionString,
      logger: silentLogger(gw),
    });
    try {
      await utils.migrate();
      for (let start = 0; start < count; start += CHUNK) {
        const n = Math.min(CHUNK, count - start);
        await utils.addJobs(
          Array.from({ length: n }, (_, i) => ({ identifier: GRAPHILE_TASK, payload: { i } })),
        );
      }
    } finally {
      await utils.release();
    }
  }

  async startWorker(onRun: () => void): Promise<void> {
    const started = await startGraphile({
      connectionString: this.connectionString,
      concurrency: 10,
      pollInterval: 2000,
      onJob: () => onRun(),
    });
    this.runner = started.runner;
  }

  async close(): Promise<void> {
    await this.runner?.stop().catch(() => undefined);
  }
}
