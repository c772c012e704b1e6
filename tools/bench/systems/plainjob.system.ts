import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { importPeer } from '../peer-modules';
import {
  type PlainjobModule,
  type PlainjobQueue as Queue,
  type PlainjobWorker as Worker,
} from './peer-types';
import { type OnRun, type QueueSystem } from './system.port';

const JOB_TYPE = 'bench';
const silent = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

/** plainjob settings: its documented default poll (1 s), or a shorter poll for lower lateness. */
export interface PlainjobSettings {
  /** `pollIntervall` of `defineWorker` in ms (the option's own spelling). Default 1000. */
  pollMs?: number;
}

/** plainjob 0.0.14 on better-sqlite3: `add`, `addMany` (its bulk API), one `defineWorker`. */
export class PlainjobSystem implements QueueSystem {
  readonly settings: string;
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly options: PlainjobSettings,
  ) {
    this.settings =
      options.pollMs === undefined
        ? 'defaults: one worker, pollIntervall 1000 ms'
        : `one worker, pollIntervall ${options.pollMs} ms (its only in-process speed setting)`;
  }

  async open(options: { clean: boolean }): Promise<void> {
    if (options.clean) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const plainjob = await importPeer<PlainjobModule>('plainjob');
    this.queue = plainjob.defineQueue({
      connection: plainjob.better(new BetterSqlite3(this.file)),
      logger: silent,
    });
  }

  private get q(): Queue {
    if (!this.queue) {
      throw new Error('plainjob system is not open');
    }
    return this.queue;
  }

  enqueueOne(runAtMs: number): Promise<void> {
    this.q.add(JOB_TYPE, { s: runAtMs }, { delay: Math.max(0, runAtMs - Date.now()) });
    return Promise.resolve();
  }

  enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    // addMany takes one delay for the whole call; the workloads' bulk calls share one instant
    // when they must, otherwise items are grouped by delay below.
    const now = Date.now();
    const byDelay = new Map<number, { s: number }[]>();
    for (const at of runAtMs) {
      const delay = Math.max(0, at - now);
      const group = byDelay.get(delay) ?? [];
      group.push({ s: at });
      byDelay.set(delay, group);
    }
    for (const [delay, items] of byDelay) {
      this.q.addMany(JOB_TYPE, items, { delay });
    }
    return Promise.resolve();
  }

  async startWorker(onRun: OnRun): Promise<void> {
    const plainjob = await importPeer<PlainjobModule>('plainjob');
    this.worker = plainjob.defineWorker(
      JOB_TYPE,
      (job) => {
        onRun((JSON.parse(job.data) as { s: number }).s);
      },
      {
        queue: this.q,
        logger: silent,
        ...(this.options.pollMs === undefined ? {} : { pollIntervall: this.options.pollMs }),
      },
    );
    this.running = this.worker.start();
  }

  unsettled(): Promise<number> {
    return Promise.resolve(this.q.countJobs({ status: 0 }) + this.q.countJobs({ status: 1 }));
  }

  dueCheck(): Promise<void> {
    // What the worker does on each poll: claim the next due job of its type (none is due here).
    this.q.getAndMarkJobAsProcessing(JOB_TYPE);
    return Promise.resolve();
  }

  async close(options: { drop: boolean }): Promise<void> {
    await this.worker?.stop();
    await this.running?.catch(() => undefined);
    this.queue?.close();
    this.queue = undefined;
    if (options.drop) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
  }
}
