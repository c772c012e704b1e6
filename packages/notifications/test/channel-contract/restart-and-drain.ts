import { ChannelSendPool, type NotificationsContextOptions } from '../../src/context';
import { createNotificationsTestApp } from '../../src/testing';
import { liveWork } from './live-work';

/** Rounds of the send loop before a restart that never drains counts as a failure. */
const MAX_ROUNDS = 1_000;

/**
 * The restart after a SIGKILL case: a fresh application on the dead process's database, its
 * manual clock at `instant`, started (restart catch-up, the dead process's claims taken back)
 * and run until nothing is live. Only the dying needs a real process; the restart runs in the
 * test's process, which halves the processes each case starts (a second of CPU each).
 */
export async function restartAndDrain(
  file: string,
  instant: string,
  options: NotificationsContextOptions,
): Promise<void> {
  const t = await createNotificationsTestApp({ ...options, file, at: instant });
  try {
    const pool = t.app.get(ChannelSendPool);
    for (let round = 0; round < MAX_ROUNDS && (await liveWork(t.app, instant)) > 0; round++) {
      await t.clock.advance(0);
      await pool.idle();
    }
    expect(await liveWork(t.app, instant)).toBe(0);
  } finally {
    await t.app.stop();
  }
}
