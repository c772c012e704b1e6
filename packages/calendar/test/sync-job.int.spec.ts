import fs from 'node:fs';
import path from 'node:path';
import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { eventually } from '@tickler/testing';
import { sql } from 'kysely';
import { AddCalendar } from '../src';
import { createCalendarTestApp } from '../src/testing';

// The calendar's repeatable job, registered through BoundedContext.create({ jobs }): no timer
// of its own, the kernel queue runs it every 6 hours (run-once after downtime), and each run
// queues one sync per calendar that is on, which moves the reminder window forward.

const GOOGLE = fs.readFileSync(path.join(__dirname, 'fixtures/ics/google-work.ics'), 'utf8');

let dir: TempDirectory;
let app: Application;

beforeEach(() => {
  dir = createTempDirectory();
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

async function scheduledKeys(): Promise<string[]> {
  const { rows } = await sql<{ k: string }>`
    select source_key as k from notification_deliveries
    where source_app = 'calendar' and status = 'scheduled' order by source_key`.execute(
    app.database.kysely,
  );
  return rows.map((r) => r.k);
}

describe('the periodic sync job', () => {
  it('is a kernel repeatable row (every 6 h, run-once), and each run moves the window forward', async () => {
    const booted = await createCalendarTestApp({ at: '2026-10-20T08:00:00.000Z', start: true });
    app = booted.app;
    const { clock } = booted;
    const { rows: jobs } = await sql<{
      key: string;
      every: number | string;
      missed: string | null;
    }>`
      select key, repeat_every_ms as every, repeat_on_missed as missed from shared_scheduled_commands
      where key like 'job:calendar:%'`.execute(app.database.kysely);
    expect(jobs.map((j) => ({ ...j, every: Number(j.every) }))).toEqual([
      { key: 'job:calendar:calendar.sync-all', every: 6 * 3_600_000, missed: null },
    ]);

    const file = dir.file('work.ics');
    fs.writeFileSync(file, GOOGLE);
    const calendar = await app.dispatch(
      Object.assign(new AddCalendar(), {
        recipientId: 'alice',
        source: file,
        name: 'Work',
        timeZone: 'Europe/Berlin',
      }),
    );
    // The add queued the first sync; the queue runs it.
    const first = await eventually(async () => {
      await clock.advance(0);
      const keys = await scheduledKeys();
      return keys.length > 0 ? keys : undefined;
    });
    const day20 = `${calendar.id}/4k2s9d0a1b2c3d4e5f6g7h8i9j@google.com#20261119T083000Z`;
    expect(first).not.toContain(day20); // its reminder, 19 Nov 09:20 CET, is past the window

    // A day later the job has run (every 6 h): the window reaches 20 November.
    await clock.advance(24 * 3_600_000);
    const later = await eventually(async () => {
      await clock.advance(0);
      const keys = await scheduledKeys();
      return keys.includes(day20) ? keys : undefined;
    });
    expect(later).toContain(day20);
    const { rows: ran } = await sql<{ n: number | string }>`
      select count(*) as n from shared_job_occurrences
      where job_key = 'job:calendar:calendar.sync-all' and outcome = 'ran'`.execute(
      app.database.kysely,
    );
    expect(Number(ran[0]?.n)).toBeGreaterThanOrEqual(4);
    // Five syncs, each through a fresh import worker: well past 30 s on a loaded 2-core machine.
  }, 120_000);
});
