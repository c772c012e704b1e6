/**
 * Polls `probe` until it returns a value (not undefined) or `deadlineMs` passes. For waiting
 * on a real process (a schedule firing, a process exiting): it asserts on content, never on
 * timing.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  deadlineMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > until) {
      throw new Error(`condition not met within ${deadlineMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
