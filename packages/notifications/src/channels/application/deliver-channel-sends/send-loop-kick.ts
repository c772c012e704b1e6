import { type CommandBus, CORE_TOKENS, type DurableCommandQueue, type Logger } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { DeliverChannelSends } from './deliver-channel-sends.command';

/**
 * Runs the send loop in this process as soon as a commit has made sends due now (a slot of the
 * pool freed with sends left behind, a firing created sends, a dead instance's claims were
 * freed) instead of waiting for the queue to claim the loop's wake-up row. The queue runs one
 * batch at a time, and a deliver-due run in that batch may take a second or more under load:
 * behind it, a freed slot or a dead daemon's claims waited (torture scenario 12). The row is
 * still written with the same commit, so a process that dies before its kick runs leaves the
 * loop owed durably, and on PostgreSQL the other daemons hear it.
 *
 * One kick at a time per process; kicks during one make it run once more. Only while the queue
 * accepts work: not before start (tests driving the loop by hand), not while stopping.
 */
@injectable()
export class SendLoopKick {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    @inject(CORE_TOKENS.CommandBus) private readonly bus: CommandBus,
    @inject(CORE_TOKENS.CommandQueue) private readonly queue: DurableCommandQueue,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /**
   * Asks for a send-loop run now (called after a commit, outside any transaction). False when
   * the queue does not accept work (nothing will run).
   */
  kick(): boolean {
    if (!this.queue.accepting) {
      return false;
    }
    if (this.running) {
      this.again = true;
      return true;
    }
    this.running = this.runWhileAsked().finally(() => {
      this.running = undefined;
    });
    return true;
  }

  /** True while a kicked run is in flight. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Resolves once no kicked run is in flight (tests wait for this instead of sleeping). */
  async idle(): Promise<void> {
    while (this.running) {
      await this.running;
    }
  }

  private async runWhileAsked(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.bus.dispatch(new DeliverChannelSends());
      } while (this.again && this.queue.accepting);
    } catch (error) {
      // The wake-up row committed with the kick's cause still runs the loop through the queue.
      this.logger.warn(
        { err: error },
        'send loop run after a commit failed; the queue will run it',
      );
    }
  }
}
