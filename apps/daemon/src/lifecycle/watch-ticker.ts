/**
 * Period of the process watches that cannot be told by an event (the parent pid, a socket
 * stdout's reader), in ms. An idle sidecar must let a laptop sleep (issue 28 item 6: ≤ 1
 * wake-up a second in all), so they share one timer at this pace; the common case — the parent
 * dying closes our stdin — is an event and is seen at once.
 */
export const WATCH_TICK_MS = 2_000;

/**
 * One unref'd timer that runs every registered check each `periodMs`, armed only while a check
 * is registered: two watches cost one wake-up per period, none when nothing is watched.
 */
export class WatchTicker {
  private readonly checks = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly periodMs = WATCH_TICK_MS) {}

  /** Runs `check` every period from now on; returns the function that removes it. */
  add(check: () => void): () => void {
    this.checks.add(check);
    if (!this.timer) {
      this.timer = setTimeout(() => this.tick(), this.periodMs);
      // A watch must never be what keeps the process alive.
      this.timer.unref();
    }
    return () => this.remove(check);
  }

  /** Whether the timer is armed (a check is registered). */
  get armed(): boolean {
    return this.timer !== undefined;
  }

  private remove(check: () => void): void {
    this.checks.delete(check);
    if (this.checks.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private tick(): void {
    for (const check of [...this.checks]) {
      check();
    }
    // A check may have removed the last one (and cleared the timer).
    this.timer?.refresh();
  }
}

/** The ticker the daemon's own process watches share. */
export const processWatchTicker = new WatchTicker();
