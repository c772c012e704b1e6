/** Retry policy: delay = min(maxMs, baseMs * 2^(attempt-1)). */
export interface BackoffOptions {
  /** Delay before the first retry, in ms. Default 1000. */
  baseMs?: number;
  /** Cap on any retry delay, in ms. Default 1 hour. */
  maxMs?: number;
}

/** Retry backoff when an enqueue names none: 1 s doubling per attempt, capped at 1 h. */
export const DEFAULT_BACKOFF = { baseMs: 1000, maxMs: 3_600_000 } as const;

/** Delay before retrying after the `attempt`-th failed attempt (1-based). */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}
