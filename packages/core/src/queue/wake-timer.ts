import { type Clock, type TimerHandle } from '../clock/clock';

/**
 * The queue's one timer, armed for the earliest instant the queue must look at (a due row or a
 * lease expiry). Arming for a later instant than the armed one is a no-op: a later enqueue
 * never delays an earlier row, and there is never more than one timer.
 */
export class WakeTimer {
  private handle: TimerHandle | undefined;
  private dueMs = Number.POSITIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    /** Called when the timer fires with the instant it was armed for (epoch ms). */
    private readonly onFire: (atMs: number) => void,
  ) {}

  /** Instant (epoch ms) the timer is armed for; +∞ when it is not armed. */
  get armedAtMs(): number {
    return this.dueMs;
  }

  /** Arms the timer for `dueMs` unless it is already armed at or before it. */
  armAt(dueMs: number): void {
    if (dueMs >= this.dueMs) {
      return;
    }
    this.clear();
    this.dueMs = dueMs;
    this.handle = this.clock.setTimer(() => {
      this.handle = undefined;
      this.dueMs = Number.POSITIVE_INFINITY;
      this.onFire(dueMs);
    }, dueMs - this.clock.now().getTime());
  }

  /** Disarms the timer (the next `armAt` arms it whatever the instant). */
  clear(): void {
    if (this.handle) {
      this.clock.clearTimer(this.handle);
    }
    this.handle = undefined;
    this.dueMs = Number.POSITIVE_INFINITY;
  }
}
