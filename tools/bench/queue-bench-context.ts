// The commands the kernel queue benchmark runs: a no-op (drain, idle) and a probe that records
// how late it started against the instant it was scheduled for (lateness).
import { IsInt } from 'class-validator';
import { injectable } from 'inversify';
import { BoundedContext, Command, type CommandHandler } from '@tickler/core';

export class BenchNoop extends Command<void> {
  static readonly type = 'bench.noop';
}

export class BenchLateness extends Command<void> {
  static readonly type = 'bench.lateness';
  /** Scheduled instant, epoch ms (also the row's run_at). */
  @IsInt() dueMs!: number;
}

/** Run counters and lateness samples of this process. */
export const benchObserved = { noops: 0, latenessMs: [] as number[] };

@injectable()
export class BenchNoopHandler implements CommandHandler<BenchNoop> {
  static readonly handles = BenchNoop;
  execute(): Promise<void> {
    benchObserved.noops++;
    return Promise.resolve();
  }
}

@injectable()
export class BenchLatenessHandler implements CommandHandler<BenchLateness> {
  static readonly handles = BenchLateness;
  execute(command: BenchLateness): Promise<void> {
    // Wall clock on purpose: this is what a user of the real SystemClock would observe.
    benchObserved.latenessMs.push(Date.now() - command.dueMs);
    return Promise.resolve();
  }
}

export const benchContext = BoundedContext.create({
  name: 'bench',
  migrations: {},
  commands: [BenchNoopHandler, BenchLatenessHandler],
});
