/** Retry budget of one external channel (its adapter states it; options may tune it). */
export interface ChannelRetryPolicy {
  /** Attempts per send, the first one included. */
  readonly maxAttempts: number;
  /** Delay before the first retry, in ms; doubles per attempt. */
  readonly baseMs: number;
  /** Cap of any retry delay, in ms. */
  readonly maxMs: number;
}

/** Delay before retrying after the `attempt`-th failed attempt (1-based), in ms. */
export function retryDelayMs(policy: ChannelRetryPolicy, attempt: number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  return Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
}
