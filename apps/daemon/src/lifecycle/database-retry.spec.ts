import { isUnreachable, retryWhileUnreachable, type RetryWait } from './database-retry';

function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/** A clock the sleeps advance: no real waiting. */
function fakeTime() {
  let t = 0;
  return { now: () => t, sleep: (ms: number) => Promise.resolve(void (t += ms)) };
}

describe('retrying an unreachable PostgreSQL at start', () => {
  it('waits 250 ms doubling to 10 s, then opens once the server answers', async () => {
    const time = fakeTime();
    const waits: RetryWait[] = [];
    let calls = 0;
    const opened = await retryWhileUnreachable(
      () => (++calls < 8 ? Promise.reject(refused()) : Promise.resolve('db')),
      { totalMs: 60_000, firstDelayMs: 250, maxDelayMs: 10_000 },
      (w) => waits.push(w),
      time.now,
      time.sleep,
    );
    expect(opened).toBe('db');
    expect(waits.map((w) => w.delayMs)).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000]);
    expect(waits.map((w) => w.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('gives up with the last error when the time is spent, never waiting past it', async () => {
    const time = fakeTime();
    const waits: number[] = [];
    await expect(
      retryWhileUnreachable(
        () => Promise.reject(refused()),
        { totalMs: 1000, firstDelayMs: 250, maxDelayMs: 10_000 },
        (w) => waits.push(w.delayMs),
        time.now,
        time.sleep,
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(waits).toEqual([250, 500, 250]);
    expect(time.now()).toBe(1000);
  });

  it('does not retry what a wait cannot fix (a wrong password, a missing database)', async () => {
    const wrong = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    let calls = 0;
    await expect(
      retryWhileUnreachable(
        () => (calls++, Promise.reject(wrong)),
        { totalMs: 60_000, firstDelayMs: 250, maxDelayMs: 10_000 },
        () => undefined,
      ),
    ).rejects.toBe(wrong);
    expect(calls).toBe(1);
  });

  it('sees an unreachable server inside an AggregateError (IPv4 and IPv6 both refused)', () => {
    expect(isUnreachable(new AggregateError([refused(), refused()]))).toBe(true);
    expect(isUnreachable(new Error('syntax error'))).toBe(false);
  });
});
