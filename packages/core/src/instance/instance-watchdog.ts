import { type Clock, type TimerHandle } from '../clock/clock';
import { type Logger } from '../logger';
import { type ClaimRecovery } from './claim-recovery';
import { type InstanceLock } from './instance-lock';

/**
 * Notices another instance dying while this one runs: it looks at the other instances' locks
 * (at start, at each sweep, when one announces itself, and while there are any, every
 * `idleMs`, or every `busyMs` while this instance is working) and, when one that held its lock
 * no longer does — or a dead one's leftovers show up — recovers the dead instances' claims at
 * once. A timer of the queue's clock, armed only while other instances exist: a lone instance
 * pays nothing, and an idle one looks at the slower pace (issue 16's idle cost).
 */
export class InstanceWatchdog {
  private handle: TimerHandle | undefined;
  /** When the armed look fires (clock ms). */
  private dueAtMs = 0;
  /** Keys of the other instances that held their lock at the last look. */
  private known: ReadonlySet<string> = new Set();
  private looking: Promise<void> | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly watch: { readonly idleMs: number; readonly busyMs: number },
    private readonly lock: InstanceLock,
    private readonly recovery: ClaimRecovery,
    /** True while the queue runs (no look is scheduled otherwise). */
    private readonly active: () => boolean,
    /** True while this instance is working: peers die mid-work, and work waits on their claims. */
    private readonly busy: () => boolean,
    private readonly logger: Logger,
    /** Called after another instance ended: what it meant to run itself is now others' to find. */
    private readonly peerEnded: () => void = () => undefined,
  ) {}

  /** True while other instances held their lock at the last look. */
  get watching(): boolean {
    return this.known.size > 0;
  }

  /** Looks now (a look already under way is shared). */
  look(): Promise<void> {
    this.looking ??= this.lookOnce().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  /** Resolves once no look is under way. */
  async idle(): Promise<void> {
    await this.looking;
  }

  /**
   * This instance starts working: a look armed at the idle pace is brought forward to the busy
   * pace, or a peer dying as the work begins would be noticed only up to `idleMs` later.
   */
  hurry(): void {
    if (!this.handle || this.dueAtMs - this.clock.now().getTime() <= this.watch.busyMs) {
      return;
    }
    this.clock.clearTimer(this.handle);
    this.handle = undefined;
    this.arm(this.watch.busyMs);
  }

  /** Stops watching (the queue is stopping). */
  stop(): void {
    if (this.handle) {
      this.clock.clearTimer(this.handle);
      this.handle = undefined;
    }
    this.known = new Set();
  }

  private async lookOnce(): Promise<void> {
    try {
      const { live, dead } = await this.lock.peers();
      const vanished = [...this.known].some((key) => !live.has(key));
      this.known = live;
      if (vanished || dead.length > 0) {
        await this.recovery.recoverDead();
        await this.lock.forget(dead);
        this.peerEnded();
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'cannot look at the other instances; will look again');
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.handle || !this.active() || this.known.size === 0) {
      return;
    }
    this.arm(this.busy() ? this.watch.busyMs : this.watch.idleMs);
  }

  private arm(delayMs: number): void {
    this.dueAtMs = this.clock.now().getTime() + delayMs;
    this.handle = this.clock.setTimer(() => {
      this.handle = undefined;
      void this.look();
    }, delayMs);
  }
}
