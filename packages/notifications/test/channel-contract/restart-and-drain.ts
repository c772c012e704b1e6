import { openTestDatabase, testBackend } from '@tickler/core/testing';
import { sql } from 'kysely';
import { ChannelSendPool, type NotificationsContextOptions } from '../../src/context';
import { createNotificationsTestApp } from '../../src/testing';
import { liveWork } from './live-work';

/** Rounds of the send loop before a restart that never drains counts as a failure. */
const MAX_ROUNDS = 1_000;

/** Looks (every 10 ms, at most 5 s) for the killed process's session to be gone. */
const SESSION_LOOKS = 500;

/**
 * On PostgreSQL, waits until no session holds an instance lock in the file's schema: the server
 * ends a killed client's backend a moment after the SIGKILL, and until then the dead process's
 * instance lock makes it look alive, so a restart in that moment (on a manual clock, whose
 * watchdog never looks again) left its claims alone — 2 sends live after the drain in one CI
 * run of 2026-12-06. A real restart comes later than that moment; no assertion rests on it.
 */
async function deadSessionGone(file: string): Promise<void> {
  if (testBackend() !== 'postgres') {
    return;
  }
  const database = await openTestDatabase({ file });
  try {
    for (let look = 0; look < SESSION_LOOKS; look++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and granted and objsubid = 2
          and database = (select oid from pg_database where datname = current_database())
          and classid = (hashtext(current_schema() || '/tickler.instance')::bigint & 4294967295)::oid`.execute(
        database.kysely,
      );
      if (rows[0]?.n === 0) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await database.close();
  }
}

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
  await deadSessionGone(file);
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
