import { importPeer } from '../peer-modules';
import {
  type BullmqModule,
  type BullmqQueue as Queue,
  type BullmqWorker as Worker,
} from './peer-types';
import { countOp } from './op-counter';
import { loadIORedis, type RedisClient, type RedisConstructor } from './ioredis-loader';
import { type OnRun, type QueueSystem, UnavailableError } from './system.port';

const QUEUE = 'tickler-bench';
const REDIS = { host: '127.0.0.1', port: 6379 };

/** BullMQ settings: documented defaults (concurrency 1) or the concurrency its docs point to for throughput. */
export interface BullmqSettings {
  /** Worker `concurrency`. Default 1. */
  concurrency?: number;
}

let counting = false;

/** Counts every command this process sends to Redis (ioredis `sendCommand`). */
function countRedisCommands(Redis: RedisConstructor): void {
  if (counting) {
    return;
  }
  counting = true;
  const proto = Redis.prototype as unknown as Record<string, unknown>;
  const original = proto.sendCommand;
  if (typeof original === 'function') {
    proto.sendCommand = function (this: unknown, ...args: unknown[]): unknown {
      countOp();
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

/** BullMQ 6 on Redis 127.0.0.1:6379: `add` with `delay`, `addBulk`, one `Worker`. */
export class BullmqSystem implements QueueSystem {
  readonly settings: string;
  private Redis: RedisConstructor | undefined;
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private admin: RedisClient | undefined;
  private readonly clients: RedisClient[] = [];

  constructor(private readonly options: BullmqSettings) {
    this.settings =
      options.concurrency === undefined
        ? 'defaults: one Worker, concurrency 1, drainDelay 5 s, completed jobs kept'
        : `one Worker, concurrency ${options.concurrency}, drainDelay 5 s, completed jobs kept`;
  }

  private client(extra: Record<string, unknown> = {}): RedisClient {
    const Redis = this.Redis as RedisConstructor;
    const c = new Redis({ ...REDIS, maxRetriesPerRequest: null, ...extra });
    this.clients.push(c);
    return c;
  }

  async open(options: { clean: boolean }): Promise<void> {
    this.Redis = loadIORedis();
    const probe = new this.Redis({
      ...REDIS,
      lazyConnect: true,
      connectTimeout: 1000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    try {
      await probe.connect();
    } catch (error) {
      probe.disconnect();
      throw new UnavailableError(
        `Redis at ${REDIS.host}:${REDIS.port} is not reachable: ${String(error)}`,
      );
    }
    this.admin = probe;
    countRedisCommands(this.Redis);
    const { Queue } = await importPeer<BullmqModule>('bullmq');
    this.queue = new Queue(QUEUE, { connection: this.client() });
    if (options.clean) {
      await this.queue.obliterate({ force: true });
    }
  }

  private get q(): Queue {
    if (!this.queue) {
      throw new Error('bullmq system is not open');
    }
    return this.queue;
  }

  async enqueueOne(runAtMs: number): Promise<void> {
    await this.q.add('bench', { s: runAtMs }, { delay: Math.max(0, runAtMs - Date.now()) });
  }

  async enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    const now = Date.now();
    await this.q.addBulk(
      runAtMs.map((s) => ({ name: 'bench', data: { s }, opts: { delay: Math.max(0, s - now) } })),
    );
  }

  async startWorker(onRun: OnRun): Promise<void> {
    const { Worker } = await importPeer<BullmqModule>('bullmq');
    this.worker = new Worker(
      QUEUE,
      (job) => {
        onRun((job.data as { s: number }).s);
        return Promise.resolve();
      },
      {
        connection: this.client(),
        ...(this.options.concurrency === undefined
          ? {}
          : { concurrency: this.options.concurrency }),
      },
    );
    await this.worker.waitUntilReady();
  }

  async unsettled(): Promise<number> {
    const counts = await this.q.getJobCounts(
      'wait',
      'active',
      'delayed',
      'prioritized',
      'waiting-children',
    );
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async serverOps(): Promise<{ value: number; label: string }> {
    const text = await (this.admin as RedisClient).info('commandstats');
    let total = 0;
    for (const line of text.split('\n')) {
      const m = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
      if (m && m[1] !== 'info') {
        total += Number(m[2]);
      }
    }
    return {
      value: total,
      label: 'Redis INFO commandstats calls (server-wide, INFO itself excluded)',
    };
  }

  async close(options: { drop: boolean }): Promise<void> {
    await this.worker?.close();
    if (options.drop) {
      await this.queue?.obliterate({ force: true });
    }
    await this.queue?.close();
    for (const c of this.clients) {
      c.disconnect();
    }
    this.admin?.disconnect();
  }
}
