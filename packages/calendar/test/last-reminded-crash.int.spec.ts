import fs from 'node:fs';
import path from 'node:path';
import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { eventually, spawnFixture } from '@tickler/testing';
import { sql } from 'kysely';
import { createCalendarTestApp } from '../src/testing';

// The calendar's "last reminded" projector is durable and exactly-once across kills: a child
// process sends a calendar reminder (notifications.sent committed) and is SIGKILLed either
// before the projector ran or right after its writes committed (the resolution it queued done
// or not); fresh processes on the same database then count each sent reminder exactly once.

const FIXTURE = path.join(__dirname, 'fixtures/remind-then-hang.ts');
const GOOGLE = fs.readFileSync(path.join(__dirname, 'fixtures/ics/google-work.ics'), 'utf8');
/** A minute after the first reminder the child sends (the stand-up of 21 October, 09:20 CEST). */
const AFTER_FIRST = '2026-10-21T07:21:00.000Z';

let dir: TempDirectory;
const apps: Application[] = [];

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

/** Sent calendar deliveries per occurrence, and the projector's counts per occurrence. */
async function counts(
  app: Application,
): Promise<{ sent: Record<string, number>; reminded: Record<string, number> }> {
  const db = app.database.kysely;
  const sent = await sql<{ id: string; n: number | string }>`
    select b.source_id as id, count(*) as n
    from notification_deliveries d join notification_bodies b on b.id = d.id
    where d.source_app = 'calendar' and d.status = 'sent' group by b.source_id`.execute(db);
  const reminded = await sql<{ id: string; n: number | string }>`
    select instance_key as id, reminded_count as n from calendar_reminded`.execute(db);
  const record = (rows: { id: string; n: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
  return { sent: record(sent.rows), reminded: record(reminded.rows) };
}

async function bootAndSettle(file: string, advanceMs: number): Promise<Application> {
  const { app, clock } = await createCalendarTestApp({ file, at: AFTER_FIRST, start: true });
  apps.push(app);
  await clock.advance(advanceMs);
  await eventually(async () => {
    await clock.advance(0);
    const stats = await app.queue.stats();
    const c = await counts(app);
    const waiting = await sql<{
      n: number | string;
    }>`select count(*) as n from calendar_sent`.execute(app.database.kysely);
    const settled = stats.running === 0 && Number(waiting.rows[0]?.n) === 0;
    return settled && Object.keys(c.reminded).length > 0 ? true : undefined;
  });
  return app;
}

describe.each(['after-send', 'after-projection'] as const)('SIGKILL %s', (mode) => {
  it('each sent reminder is projected exactly once, by whichever process gets to it', async () => {
    const file = dir.file('app.db');
    const ics = dir.file('work.ics');
    fs.writeFileSync(ics, GOOGLE);
    const child = spawnFixture(FIXTURE, [file, ics, mode]);
    await child.line((l) => l === (mode === 'after-send' ? 'sent' : 'projected'));
    child.process.kill('SIGKILL');
    expect((await child.exited).signal).toBe('SIGKILL');

    const first = await bootAndSettle(file, 0);
    const once = await counts(first);
    expect(Object.keys(once.sent).length).toBeGreaterThan(0);
    expect(once.reminded).toEqual(once.sent);
    await first.stop();
    apps.length = 0;

    // Another process, an hour of its time: nothing is counted twice.
    const second = await bootAndSettle(file, 0);
    const again = await counts(second);
    expect(again.reminded).toEqual(again.sent);
    expect(again.reminded).toEqual(once.reminded);
  }, 60_000);
});
