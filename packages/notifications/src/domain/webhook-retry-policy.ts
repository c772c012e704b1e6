/** Retry budget of external channels (webhook). */
export interface RetryPolicy {
  /** Claims allowed per delivery, the first one included. Default 3. */
  readonly maxAttempts: number;
  /** Delay before the first retry, in ms; doubles per attempt. */
  readonly backoffBaseMs: number;
  /** Cap of any retry delay, in ms. */
  readonly backoffMaxMs: number;
  /**
   * What an abandoned claim (the process died while its request was in flight) becomes:
   * `at-least-once` retries it (the receiver may see a duplicate with the same delivery id),
   * `at-most-once` fails it (a duplicate alert is the more visible failure than a missing one).
   */
  readonly onAbandoned: 'retry' | 'fail';
}

/** Delay before retrying after the `attempt`-th failed attempt (1-based), in ms. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  return Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** exponent);
}
