import { type Clock } from '../clock/clock';
import { msOf } from '../domain';
import { type Logger } from '../logger';

/** What one cycle works with: the table's next instant, a batch, the timer. */
export interface CycleSteps {
  /** Reads the table's next instant (one indexed statement); marks the sweep's look. */
  readNextInstant(): Promise<string | undefined>;
  /** Claims and runs one batch; resolves with how many rows it claimed. */
  runBatch(): Promise<number>;
  /** Re-arms the one timer on the next instant (replacing whatever is armed). */
  rearmAt(atMs: number): void;
}

/**
 * The queue's loop. A wake-up (timer, sweep, start, another process) asks for a cycle with
 * {@link kick}; one cycle runs at a time, and a kick during it makes it go round once more.
 * A cycle claims and runs batches while something is due, then re-arms the timer on the next
 * instant.
 */
export class QueueCycle {
  private cycle: Promise<void> | undefined;
  private again = false;
  /** The single timer fired: a row is due (or a lease expired), so claim before reading. */
  private timerFired = false;

  constructor(
    private readonly steps: CycleSteps,
    private readonly clock: Clock,
    private readonly batchSize: number,
    /** True while the queue may run cycles (started and not stopping). */
    private readonly active: () => boolean,
    private readonly logger: Logger,
  ) {}

  /** The cycle in flight, if any (stop waits for it up to its deadline). */
  get running(): Promise<void> | undefined {
    return this.cycle;
  }

  /** The timer fired: the next cycle claims at once instead of reading first. */
  timerDue(): void {
    this.timerFired = true;
    this.kick();
  }

  /** Runs a cycle now, or once more after the one in flight. */
  kick(): void {
    if (!this.active()) {
      return;
    }
    if (this.cycle) {
      this.again = true;
      return;
    }
    this.cycle = this.runCycles().finally(() => {
      this.cycle = undefined;
    });
  }

  /** Resolves when no cycle is running. */
  async idle(): Promise<void> {
    while (this.cycle) {
      await this.cycle.catch(() => undefined);
    }
  }

  private async runCycles(): Promise<void> {
    do {
      this.again = false;
      const claimFirst = this.timerFired;
      this.timerFired = false;
      try {
        await this.runCycle(claimFirst);
      } catch (error) {
        this.logger.error({ err: error }, 'queue cycle failed; the sweep will retry');
      }
    } while (this.again && this.active());
  }

  /**
   * One wake-up: claim and run batches while something is due, then re-arm the timer on the
   * next instant. A sweep (or start) first reads the next instant — one indexed statement when
   * idle. A fired timer means a row is due, so it claims at once: the handler starts one read
   * earlier, which is most of what the queue adds to a command's lateness.
   */
  private async runCycle(claimFirst: boolean): Promise<void> {
    let next = claimFirst ? undefined : await this.steps.readNextInstant();
    let claimNow = claimFirst;
    while (
      this.active() &&
      (claimNow || (next !== undefined && msOf(next) <= this.clock.now().getTime()))
    ) {
      const claimed = await this.steps.runBatch();
      // A full batch: more is probably due, claim again before looking.
      claimNow = claimed === this.batchSize;
      if (!claimNow) {
        next = await this.steps.readNextInstant();
        if (claimed === 0) {
          break;
        }
      }
    }
    if (next !== undefined && this.active()) {
      this.steps.rearmAt(msOf(next));
    }
  }
}
