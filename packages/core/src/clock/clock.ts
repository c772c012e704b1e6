/** Opaque handle of a timer armed through a {@link Clock}. */
export type TimerHandle = { readonly __timer: unique symbol };

/**
 * The only source of time. Everything that reads "now" or waits for an instant goes through
 * it, so a manual clock can make every time-dependent test exact and instant.
 */
export interface Clock {
  /** Current instant. */
  now(): Date;
  /**
   * Calls `callback` once after `delayMs` milliseconds of this clock's time. Delays are
   * clamped to [0, 2^31-2] because Node fires longer timeouts immediately.
   */
  setTimer(callback: () => void, delayMs: number): TimerHandle;
  /** Cancels a timer; a handle that already fired or was cleared is ignored. */
  clearTimer(handle: TimerHandle): void;
  /**
   * Capability of a clock that fires its timers itself (a test clock moved by hand): after each
   * timer it waits for every registered `settle` (e.g. the queue going idle), so the work a
   * timer started is finished before time moves on. A clock driven by the OS does not have it:
   * there, work simply runs while real time passes.
   */
  addSettler?(settle: () => Promise<void>): void;
}

/** Largest delay Node's setTimeout honours (2^31-1 ms, ~24.8 days) minus one. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 2;

/** A timer delay Node honours: negative or non-finite → 0, beyond {@link MAX_TIMER_DELAY_MS} → that maximum (the timer then re-arms). */
export function clampDelay(delayMs: number): number {
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    return 0;
  }
  return Math.min(Math.ceil(delayMs), MAX_TIMER_DELAY_MS);
}
