import fs from 'node:fs';
import path from 'node:path';
import { type Application, DeliverEvents } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { SendNotification } from '@tickler/notifications';
import { sql } from 'kysely';
import { AddCalendar } from '../src';
import { createCalendarTestApp } from '../src/testing';

// The "last reminded" projector selects its events in the sending transaction: a reminder sent
// to someone without calendars queues nothing for it (no event rows, no queue row, no
// transaction later), one sent to someone with a calendar is queued as before.

const GOOGLE = fs.readFileSync(path.join(__dirname, 'fixtures/ics/google-work.ics'), 'utf8');

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

/** The subscribers named by queued `core.deliver-events` rows, and the event rows waiting. */
async function queued(app: Application): Promise<{ subscribers: string[]; eventRows: number }> {
  const db = app.database.kysely;
  const rows = await sql<{ payload: string }>`select payload from shared_scheduled_commands
    where command_type = ${DeliverEvents.type}`.execute(db);
  const events = await sql<{ n: number | string }>`select count(*) as n
    from shared_event_rows`.execute(db);
  return {
    subscribers: rows.rows.map((r) => (JSON.parse(r.payload) as { subscriber: string }).subscriber),
    eventRows: Number(events.rows[0]?.n),
  };
}

const sendNow = (recipientId: string): SendNotification =>
  Object.assign(new SendNotification(), {
    recipientId,
    title: 'Now',
    message: '',
    channel: 'inbox',
  });

describe('the last-reminded projector’s selection in the sending transaction', () => {
  it('queues a sent reminder only for a person who has a calendar', async () => {
    const { app } = await createCalendarTestApp({ file: dir.file('app.db') });
    apps.push(app);
    const ics = dir.file('work.ics');
    fs.writeFileSync(ics, GOOGLE);
    await app.dispatch(
      Object.assign(new AddCalendar(), {
        recipientId: 'alice',
        source: ics,
        name: 'Work',
        lead: '15m',
        timeZone: 'Europe/Berlin',
      }),
    );
    const before = await queued(app);

    await app.dispatch(sendNow('bob'));
    expect(await queued(app)).toEqual(before);

    await app.dispatch(sendNow('alice'));
    expect(await queued(app)).toEqual({
      subscribers: [...before.subscribers, 'calendar.last-reminded'],
      eventRows: before.eventRows + 1,
    });
  });
});
