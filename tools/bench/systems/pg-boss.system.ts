import { type Client } from 'pg';
import { importPeer } from '../peer-modules';
import { type PgBoss, type PgBossModule, type PgBossWorkOptions } from './peer-types';
import { countOp } from './op-counter';
import { connectAdmin, dropSchema, PG_CONNECTION as CONNECTION, xactCommits } from './pg-admin';
import { type OnRun, type QueueSystem } from './system.port';

const QUEUE = 'tickler-bench';
const SCHEMA = 'tickler_bench_pgboss';

/** pg-boss settings: documented defaults (batchSize 1, 2 s poll) or its speed settings. */
export interface PgBossSettings {
  /** `work()` option: jobs fetched per poll. Default 1. */
  batchSize?: number;
  /** `work()` option: seconds between polls (≥ 0.5). Default 2. */
  pollingIntervalSeconds?: number;
}

/** pg-boss 10 on PostgreSQL 127.0.0.1:5432 db `test`, in its own schema: `send`, `insert`, `work`. */
export class PgBossSystem implements QueueSystem {
  readonly settings: string;
  private boss: PgBoss | undefined;
  private admin: Client | undefined;

  constructor(private readonly options: PgBossSettings) {
    this.settings =
      options.batchSize === undefined
        ? `defaults: work() batchSize 1, pollingIntervalSeconds 2, schema ${SCHEMA}`
        : `work() batchSize ${options.batchSize}, pollingIntervalSeconds ${options.pollingIntervalSeconds ?? 2}, schema ${SCHEMA}`;
  }

  async open(options: { clean: boolean }): Promise<void> {
    const admin = await connectAdmin();
    this.admin = admin;
    if (options.clean) {
      await dropSchema(admin, SCHEMA);
    }
    const { default: PgBossClass } = await importPeer<PgBossModule>('pg-boss');
    const boss = new PgBossClass({ connectionString: CONNECTION, schema: SCHEMA });
    boss.on('error', () => undefined);
    // Count what pg-boss sends (client side): one call = one statement on the server.
    const db = boss.getDb() as {
      executeSql: (text: string, values: unknown[]) => Promise<unknown>;
    };
    const execute = db.executeSql.bind(db);
    db.executeSql = (text, values) => {
      countOp();
      return execute(text, values);
    };
    await boss.start();
    await boss.createQueue(QUEUE);
    this.boss = boss;
  }

  private get b(): PgBoss {
    if (!this.boss) {
      throw new Error('pg-boss system is not open');
    }
    return this.boss;
  }

  async enqueueOne(runAtMs: number): Promise<void> {
    await this.b.send(QUEUE, { s: runAtMs }, { startAfter: new Date(runAtMs) });
  }

  async enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    await this.b.insert(
      runAtMs.map((s) => ({ name: QUEUE, data: { s }, startAfter: new Date(s) })),
    );
  }

  async startWorker(onRun: OnRun): Promise<void> {
    const options: PgBossWorkOptions = {
      ...(this.options.batchSize === undefined ? {} : { batchSize: this.options.batchSize }),
      ...(this.options.pollingIntervalSeconds === undefined
        ? {}
        : { pollingIntervalSeconds: this.options.pollingIntervalSeconds }),
    };
    await this.b.work<{ s: number }>(QUEUE, options, (jobs) => {
      for (const job of jobs) {
        onRun(job.data.s);
      }
      return Promise.resolve();
    });
  }

  async unsettled(): Promise<number> {
    const r = await (this.admin as Client).query<{ n: string }>(
      `select count(*) as n from ${SCHEMA}.job where name = $1 and state < 'completed'`,
      [QUEUE],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async dueCheck(): Promise<void> {
    // What each poll of a worker runs: fetch the next due batch (none is due here).
    await this.b.fetch(QUEUE, { batchSize: this.options.batchSize ?? 1 });
  }

  serverOps(): Promise<{ value: number; label: string }> {
    return xactCommits(this.admin as Client);
  }

  async close(options: { drop: boolean }): Promise<void> {
    await this.boss?.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
    if (options.drop && this.admin) {
      await dropSchema(this.admin, SCHEMA);
    }
    await this.admin?.end();
  }
}
