import { type Clock, type TimerHandle } from '../clock/clock';

/**
 * How long a sweep that found the queue's own timer due at its instant waits before looking
 * again (the timer's cycle normally makes that look, so nothing is read twice).
 */
export const TIMER_FIRING_GRACE_MS = 1_000;

/**
 * The coarse safety sweep: makes sure the queue reads the table's next instant at least every
 * `sweepMs` (rows of other processes, lost timers, clock jumps, expired leases). A cycle ends
 * with that very read ({@link looked}), so a sweep falling within `sweepMs` of the last one —
 * or at the instant the queue's own timer fires, whose cycle ends with it — is postponed
 * rather than repeated: an idle queue whose only row is a minutely job reads once a minute.
 */
export class SafetySweep {
  private handle: TimerHandle | undefined;
  private lastLookMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    private readonly sweepMs: number,
    /** Instant the queue's own timer is armed for (+∞ when unarmed). */
    private readonly timerAtMs: () => number,
    /** Runs a cycle (the sweep's look). */
    private readonly onSweep: () => void,
  ) {}

  /** The queue just read the table's next instant. */
  looked(): void {
    this.lastLookMs = this.clock.now().getTime();
  }

  /** Arms the sweep `delayMs` from now (default: a whole period). */
  arm(delayMs = this.sweepMs): void {
    this.handle = this.clock.setTimer(() => this.fire(), delayMs);
  }

  /** Disarms the sweep (the queue is stopping). */
  cancel(): void {
    if (this.handle) {
      this.clock.clearTimer(this.handle);
      this.handle = undefined;
    }
  }

  private fire(): void {
    const nowMs = this.clock.now().getTime();
    const sinceLook = nowMs - this.lastLookMs;
    const timerAtMs = this.timerAtMs();
    if (timerAtMs <= nowMs && nowMs - timerAtMs < TIMER_FIRING_GRACE_MS) {
      // The queue's own timer is due at this very instant and its cycle ends with the read:
      // look again shortly, not a whole period later. (A timer long overdue by the wall clock
      // is not about to fire: after a forward wall-clock jump Node fires it on its monotonic
      // schedule, so the sweep must not wait for it.)
      this.arm(TIMER_FIRING_GRACE_MS);
      return;
    }
    // A negative gap is a clock that went backwards: sweep now.
    if (sinceLook >= 0 && sinceLook < this.sweepMs) {
      this.arm(this.sweepMs - sinceLook);
      return;
    }
    this.arm();
    this.onSweep();
  }
}
