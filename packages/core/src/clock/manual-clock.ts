import { clampDelay, type Clock, type TimerHandle } from './clock';

interface ManualTimer {
  readonly id: number;
  readonly dueMs: number;
  readonly callback: () => void;
}

/**
 * A clock that moves only when told. `advance` walks time forward timer by timer, firing each
 * at its own instant and letting registered settlers (e.g. the queue) finish the work a timer
 * started before moving on, so a test observes exactly what would happen in real time.
 */
export class ManualClock implements Clock {
  private nowMs: number;
  private nextId = 1;
  private timers = new Map<number, ManualTimer>();
  private settlers: (() => Promise<void>)[] = [];

  constructor(start: Date | string | number = '2026-01-01T00:00:00.000Z') {
    this.nowMs = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.nowMs);
  }

  setTimer(callback: () => void, delayMs: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { id, dueMs: this.nowMs + clampDelay(delayMs), callback });
    return id as unknown as TimerHandle;
  }

  clearTimer(handle: TimerHandle): void {
    this.timers.delete(handle as unknown as number);
  }

  /** Number of armed timers (lets tests assert "one timer, not one per row"). */
  pendingTimers(): number {
    return this.timers.size;
  }

  /** Instants of the armed timers, earliest first. */
  timerInstants(): Date[] {
    return [...this.timers.values()].map((t) => new Date(t.dueMs)).sort((a, b) => +a - +b);
  }

  /** Registers async work to wait for after each timer fires (the queue's `idle`). */
  addSettler(settle: () => Promise<void>): void {
    this.settlers.push(settle);
  }

  /**
   * Jumps to an instant without firing anything (a wall-clock jump or a suspended machine).
   * Time may move backwards.
   */
  set(at: Date | string | number): void {
    this.nowMs = new Date(at).getTime();
  }

  /**
   * The wall clock jumps by `deltaMs` (either way) while armed timers keep their remaining
   * delay, as Node's `setTimeout` does on its monotonic clock: a timer armed for "in 50 min"
   * before a +1 h jump still fires 50 min later, long after the wall-clock instant it was
   * computed for. Nothing fires.
   */
  jumpWall(deltaMs: number): void {
    this.nowMs += deltaMs;
    for (const [id, timer] of this.timers) {
      this.timers.set(id, { ...timer, dueMs: timer.dueMs + deltaMs });
    }
  }

  /** Moves time forward by `ms`, firing due timers in order and settling after each. */
  async advance(ms: number): Promise<void> {
    const target = this.nowMs + ms;
    await this.settle();
    for (;;) {
      const next = this.earliestDue(target);
      if (!next) {
        break;
      }
      this.timers.delete(next.id);
      this.nowMs = Math.max(this.nowMs, next.dueMs);
      next.callback();
      await this.settle();
    }
    this.nowMs = Math.max(this.nowMs, target);
  }

  /** Fires timers that are already due at the current instant (after `set`). */
  async runDue(): Promise<void> {
    await this.advance(0);
  }

  /**
   * Fires the timers due at the current instant without waiting for settlers. For looking at
   * work while it is in flight (a held handler's lease heartbeat), where `advance` would wait
   * for that very work to finish. Returns how many fired.
   */
  fireDueWithoutSettling(): number {
    let fired = 0;
    for (let next = this.earliestDue(this.nowMs); next; next = this.earliestDue(this.nowMs)) {
      this.timers.delete(next.id);
      next.callback();
      fired++;
    }
    return fired;
  }

  private earliestDue(limitMs: number): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const timer of this.timers.values()) {
      if (
        timer.dueMs <= limitMs &&
        (!best || timer.dueMs < best.dueMs || (timer.dueMs === best.dueMs && timer.id < best.id))
      ) {
        best = timer;
      }
    }
    return best;
  }

  private async settle(): Promise<void> {
    // Let promise chains started by timers (and the I/O they await) run to completion.
    for (let round = 0; round < 3; round++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (const settle of this.settlers) {
        await settle();
      }
    }
  }
}
