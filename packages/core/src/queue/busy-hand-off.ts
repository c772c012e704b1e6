import { type Clock, type TimerHandle } from '../clock/clock';

/**
 * Decides when a row that fell due while the queue was busy goes to the other instances. The
 * queue's timer fired during a cycle; if, `graceMs` later, that cycle is still running and has
 * not started another batch (it is stuck in a long handler), the row would wait for it, so it
 * is handed off. Most cycles end within the grace and claim the row themselves, and a hand-off
 * then would only make every idle daemon race for it (issue 28 item 4).
 */
export class BusyHandOff {
  private handle: TimerHandle | undefined;
  /** Earliest instant waiting for the grace to pass. */
  private pendingMs = Number.POSITIVE_INFINITY;
  /** The cycle's batch count when the timer fired. */
  private batchesThen: number | undefined;
  private stale: (atMs: number) => void = () => undefined;

  constructor(
    private readonly clock: Clock,
    private readonly graceMs: number,
    /** Batches the running cycle has started; undefined when no cycle is running. */
    private readonly batches: () => number | undefined,
  ) {}

  /** What to do with a row that waited out the grace (tell the others). */
  onStale(stale: (atMs: number) => void): this {
    this.stale = stale;
    return this;
  }

  /** The queue's timer fired for `atMs` while its cycle was busy. */
  due(atMs: number): void {
    this.pendingMs = Math.min(this.pendingMs, atMs);
    if (this.handle !== undefined) {
      return;
    }
    this.batchesThen = this.batches();
    this.handle = this.clock.setTimer(() => this.check(), this.graceMs);
  }

  /** Forgets what is waiting (the queue stops). */
  cancel(): void {
    if (this.handle !== undefined) {
      this.clock.clearTimer(this.handle);
    }
    this.handle = undefined;
    this.pendingMs = Number.POSITIVE_INFINITY;
  }

  private check(): void {
    const atMs = this.pendingMs;
    this.handle = undefined;
    this.pendingMs = Number.POSITIVE_INFINITY;
    const now = this.batches();
    if (now !== undefined && now === this.batchesThen) {
      this.stale(atMs);
    }
  }
}
