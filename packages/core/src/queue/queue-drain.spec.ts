import { waitForCycle } from './queue-drain';

describe('waitForCycle', () => {
  it('returns as soon as the cycle ends, and at the deadline when it hangs', async () => {
    let finished = false;
    await waitForCycle(
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        finished = true;
      }),
      60_000,
    );
    expect(finished).toBe(true);
    const hanging = new Promise<void>(() => undefined);
    // A hang here would time the test out: the deadline is what ends the wait.
    await expect(waitForCycle(hanging, 5)).resolves.toBeUndefined();
  });

  it('ignores a cycle that failed, and nothing to wait for', async () => {
    await expect(waitForCycle(Promise.reject(new Error('x')), 1_000)).resolves.toBeUndefined();
    await expect(waitForCycle(undefined, 1_000)).resolves.toBeUndefined();
  });
});
