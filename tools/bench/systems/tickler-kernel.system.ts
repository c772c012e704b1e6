import fs from 'node:fs';
import { IsNumber } from 'class-validator';
import { injectable } from 'inversify';
import { Application, BoundedContext, Command, type CommandHandler, openSqliteDatabase } from '@tickler/core';
import { type OnRun, type QueueSystem } from './system.port';

/** The no-op work item: carries only the instant it was scheduled for (ms since epoch). */
class BenchRun extends Command<void> {
  static readonly type = 'bench.run';
  @IsNumber() s!: number;
}

let hook: OnRun | undefined;

@injectable()
class BenchRunHandler implements CommandHandler<BenchRun> {
  static readonly handles = BenchRun;
  execute(command: BenchRun): Promise<void> {
    hook?.(command.s);
    return Promise.resolve();
  }
}

const benchContext = BoundedContext.create({ name: 'bench', migrations: {}, commands: [BenchRunHandler] });

function run(s: number): BenchRun {
  return Object.assign(new BenchRun(), { s });
}

/**
 * Stand-in for Tickler while the notifications context is being written: the kernel's durable
 * command queue (`SqliteCommandQueue` through `Application`) on an embedded SQLite file, with a
 * validated no-op command. Same file settings and queue defaults as the daemon.
 */
export class TicklerKernelSystem implements QueueSystem {
  readonly settings = 'kernel queue stand-in (no-op command through Application + SqliteCommandQueue), queue defaults: batch 200, concurrency 8, sweep 60 s';
  private app: Application | undefined;

  constructor(private readonly file: string) {}

  async open(options: { clean: boolean }): Promise<void> {
    if (options.clean) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
    this.app = await Application.create({ database: openSqliteDatabase({ file: this.file }), contexts: [benchContext] });
  }

  private get a(): Application {
    if (!this.app) {
      throw new Error('tickler system is not open');
    }
    return this.app;
  }

  async enqueueOne(runAtMs: number): Promise<void> {
    await this.a.queue.enqueue(run(runAtMs), { runAt: new Date(runAtMs) });
  }

  async enqueueBulk(runAtMs: readonly number[]): Promise<void> {
    const app = this.a;
    await app.uow.run(async (tx) => {
      for (const at of runAtMs) {
        await app.queue.enqueue(run(at), { runAt: new Date(at) }, tx);
      }
    });
  }

  startWorker(onRun: OnRun): Promise<void> {
    hook = onRun;
    this.a.start();
    return Promise.resolve();
  }

  async unsettled(): Promise<number> {
    const stats = await this.a.queue.stats();
    return stats.pending + stats.running;
  }

  async dueCheck(): Promise<void> {
    // The queue's own wake-up: one indexed read of the earliest live row, then re-arm.
    this.a.queue.kick();
    await this.a.queue.idle();
  }

  async close(options: { drop: boolean }): Promise<void> {
    hook = undefined;
    await this.app?.stop();
    this.app = undefined;
    if (options.drop) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(this.file + suffix, { force: true });
      }
    }
  }
}
