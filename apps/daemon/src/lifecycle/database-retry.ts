/**
 * A PostgreSQL server that is not up yet (a machine booting, a database restarting, a
 * container started before its database) is a wait at start-up, not a crash loop: the start
 * retries with backoff for `TICKLER_DATABASE_RETRY`, saying so in one line per wait, and then
 * gives up with one line (docs/operations.md).
 */

/** Error codes that mean "the server is not there (yet)", not "the settings are wrong". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** True when `error` (or an error inside an AggregateError) says the server cannot be reached. */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
    return true;
  }
  return error instanceof AggregateError && error.errors.some((inner) => isUnreachable(inner));
}

/** The code to name in a line: the error's own, or that of the first inner error. */
export function unreachableCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') {
    return code;
  }
  if (error instanceof AggregateError) {
    return unreachableCode(error.errors[0]);
  }
  return 'unreachable';
}

/** How long to keep trying and how fast. */
export interface RetryPolicy {
  /** Total time to keep trying, in ms (0 = one attempt). */
  readonly totalMs: number;
  /** First wait; each next one doubles up to {@link maxDelayMs}. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/** The daemon's policy: 250 ms doubling to 10 s, for `TICKLER_DATABASE_RETRY`. */
export function startRetryPolicy(totalMs: number): RetryPolicy {
  return { totalMs, firstDelayMs: 250, maxDelayMs: 10_000 };
}

/** One wait before the next attempt, for the caller's one line. */
export interface RetryWait {
  readonly attempt: number;
  readonly delayMs: number;
  readonly error: unknown;
}

/**
 * Runs `open` until it succeeds, fails for another reason than an unreachable server, or the
 * policy's time is spent (then the last error is thrown). `now` and `sleep` are parameters so a
 * test drives them without waiting.
 */
export async function retryWhileUnreachable<T>(
  open: () => Promise<T>,
  policy: RetryPolicy,
  onWait: (wait: RetryWait) => void,
  now: () => number = () => performance.now(),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  const start = now();
  let delay = policy.firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      const left = policy.totalMs - (now() - start);
      if (!isUnreachable(error) || left <= 0) {
        throw error;
      }
      const wait = Math.min(delay, left);
      onWait({ attempt, delayMs: wait, error });
      await sleep(wait);
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
}
