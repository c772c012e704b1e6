import fs from 'node:fs';
import path from 'node:path';
import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { sql } from 'kysely';
import {
  AddCalendar,
  type CalendarSyncResult,
  ListCalendarEvents,
  SyncCalendar,
  UpdateCalendar,
} from '../src';
import { createCalendarTestApp } from '../src/testing';
import { writeFingerprint } from './support/write-probe';

// The calendar context end to end on a real database (SQLite, or PostgreSQL under
// `test-postgres`): a file calendar is read by the import worker and reconciled into the
// notifications context's deliveries through its own command.

const AUTUMN = '2026-10-20T08:00:00.000Z';
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

async function boot(at = AUTUMN) {
  const booted = await createCalendarTestApp({ at, file: dir.file('app.db') });
  apps.push(booted.app);
  return booted;
}

interface DeliveryRow {
  source_key: string;
  source_rule: string | null;
  status: string;
  scheduled_at: string | null;
  title: string;
}

async function deliveries(app: Application): Promise<DeliveryRow[]> {
  const { rows } = await sql<DeliveryRow>`
    select d.source_key, d.source_rule, d.status, d.scheduled_at, b.title
    from notification_deliveries d join notification_bodies b on b.id = d.id
    where d.source_app = 'calendar' order by d.source_key, d.source_rule`.execute(
    app.database.kysely,
  );
  return rows;
}

async function addCalendar(app: Application, file: string, fields: Partial<AddCalendar> = {}) {
  return app.dispatch(
    Object.assign(new AddCalendar(), {
      recipientId: 'alice',
      source: file,
      name: 'Work',
      lead: '15m',
      timeZone: 'Europe/Berlin',
      ...fields,
    }),
  );
}

function sync(app: Application, calendarId: string): Promise<CalendarSyncResult> {
  return app.dispatch(Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId }));
}

describe('syncing a calendar file', () => {
  it('creates one scheduled reminder per occurrence and rule in the window, keyed by calendar, uid, recurrence id and rule', async () => {
    const { app } = await boot();
    const file = dir.file('work.ics');
    fs.writeFileSync(file, GOOGLE);
    const calendar = await addCalendar(app, file);
    const result = await sync(app, calendar.id);
    expect(result.changed).toBe(true);
    expect(result.calendar).toMatchObject({ lastError: null, eventCount: 5, name: 'Work' });
    const rows = await deliveries(app);
    // Every future reminder became a scheduled delivery; the one sent in the last day is
    // planned but not created (reconcile never sends the past late).
    expect(rows).toHaveLength(result.calendar.reminderCount - 1);
    expect(result.reminders).toMatchObject({ created: rows.length, updated: 0, withdrawn: 0 });
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['scheduled']));
    const moved = rows.find((r) => r.title === 'Stand-up (moved)')!;
    expect(moved).toMatchObject({
      source_key: `${calendar.id}/4k2s9d0a1b2c3d4e5f6g7h8i9j@google.com#20261028T083000Z`,
      source_rule: 'lead:600',
      scheduled_at: '2026-10-28T09:50:00.000Z',
    });
    const offsite = rows.find((r) => r.title === 'Offsite day')!;
    expect(offsite).toMatchObject({ source_rule: null, scheduled_at: '2026-10-25T08:00:00.000Z' });
  });

  it('a re-sync of an unchanged file writes nothing at all', async () => {
    const { app } = await boot();
    const file = dir.file('work.ics');
    fs.writeFileSync(file, GOOGLE);
    const calendar = await addCalendar(app, file);
    await sync(app, calendar.id);
    const before = await writeFingerprint(app);
    const rowsBefore = await deliveries(app);
    const again = await sync(app, calendar.id);
    expect(again).toMatchObject({ changed: false, reminders: null });
    expect(await writeFingerprint(app)).toBe(before);
    expect(await deliveries(app)).toEqual(rowsBefore);
  });

  it('a moved occurrence patches, a cancelled and a deleted one withdraw, a new one creates', async () => {
    const { app } = await boot();
    const file = dir.file('work.ics');
    fs.writeFileSync(file, GOOGLE);
    const calendar = await addCalendar(app, file);
    await sync(app, calendar.id);
    const edited = GOOGLE
      // The release moves an hour later.
      .replace('DTSTART:20261024T230000Z', 'DTSTART:20261025T000000Z')
      .replace('DTEND:20261025T030000Z', 'DTEND:20261025T040000Z')
      // The stand-up of 3 November is cancelled (a new override).
      .replace(
        'END:VCALENDAR',
        [
          'BEGIN:VEVENT',
          'UID:4k2s9d0a1b2c3d4e5f6g7h8i9j@google.com',
          'RECURRENCE-ID;TZID=Europe/Berlin:20261103T093000',
          'DTSTART;TZID=Europe/Berlin:20261103T093000',
          'DTEND;TZID=Europe/Berlin:20261103T094500',
          'STATUS:CANCELLED',
          'SUMMARY:Stand-up',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:new-event@google.com',
          'DTSTART:20261101T120000Z',
          'DTEND:20261101T130000Z',
          'SUMMARY:Lunch with Sam',
          'END:VEVENT',
          'END:VCALENDAR',
        ].join('\r\n'),
      )
      // The all-day offsite is deleted.
      .replace(/BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261026[\s\S]*?END:VEVENT\r\n/, '');
    fs.writeFileSync(file, edited);
    const result = await sync(app, calendar.id);
    expect(result.reminders).toMatchObject({ created: 1, updated: 1, withdrawn: 2 });
    const rows = await deliveries(app);
    expect(rows.find((r) => r.title === 'Release night')).toMatchObject({
      status: 'scheduled',
      scheduled_at: '2026-10-24T23:45:00.000Z',
    });
    expect(rows.find((r) => r.title === 'Offsite day')?.status).toBe('canceled');
    expect(rows.find((r) => r.source_key.endsWith('#20261103T083000Z'))?.status).toBe('canceled');
    expect(rows.find((r) => r.title === 'Lunch with Sam')).toMatchObject({
      status: 'scheduled',
      source_rule: 'lead:900',
      scheduled_at: '2026-11-01T11:45:00.000Z',
    });
  });

  it('a file that cannot be read keeps the reminders and records why; it recovers on the next good read', async () => {
    const { app } = await boot();
    const file = dir.file('work.ics');
    fs.writeFileSync(file, GOOGLE);
    const calendar = await addCalendar(app, file);
    await sync(app, calendar.id);
    const rows = await deliveries(app);
    fs.writeFileSync(file, 'this is not a calendar');
    const broken = await sync(app, calendar.id);
    expect(broken.calendar.lastError).toBe(
      'not an iCalendar file: it does not start with BEGIN:VCALENDAR',
    );
    expect(await deliveries(app)).toEqual(rows);
    // The same failure again writes nothing new.
    const before = await writeFingerprint(app);
    expect((await sync(app, calendar.id)).changed).toBe(false);
    expect(await writeFingerprint(app)).toBe(before);
    fs.rmSync(file);
    expect((await sync(app, calendar.id)).calendar.lastError).toBe('there is no such file');
    fs.writeFileSync(file, GOOGLE);
    expect((await sync(app, calendar.id)).calendar.lastError).toBeNull();
    expect(await deliveries(app)).toEqual(rows);
  });

  it('turning a calendar off withdraws its reminders at once; on again, they come back', async () => {
    const { app } = await boot();
    const file = dir.file('work.ics');
    fs.writeFileSync(file, GOOGLE);
    const calendar = await addCalendar(app, file);
    await sync(app, calendar.id);
    const off = await app.dispatch(
      Object.assign(new UpdateCalendar(), {
        recipientId: 'alice',
        calendarId: calendar.id,
        enabled: false,
      }),
    );
    expect(off).toMatchObject({ enabled: false, reminderCount: 0 });
    expect(new Set((await deliveries(app)).map((r) => r.status))).toEqual(new Set(['canceled']));
    await app.dispatch(
      Object.assign(new UpdateCalendar(), {
        recipientId: 'alice',
        calendarId: calendar.id,
        enabled: true,
      }),
    );
    await sync(app, calendar.id);
    const statuses = (await deliveries(app)).map((r) => r.status);
    expect(statuses.filter((s) => s === 'scheduled').length).toBeGreaterThan(10);
  });

  it('lists the occurrences with their reminders', async () => {
    const { app } = await boot();
    const file = dir.file('work.ics');
    fs.writeFileSync(file, GOOGLE);
    const calendar = await addCalendar(app, file, { lead: '15m, 1h' });
    await sync(app, calendar.id);
    const events = await app.dispatch(
      Object.assign(new ListCalendarEvents(), { recipientId: 'alice', calendarId: calendar.id }),
    );
    expect(events.find((e) => e.title === 'Release night')).toEqual({
      instanceKey: 'night-release-2026@google.com',
      title: 'Release night',
      eventAt: '2026-10-24T23:00:00.000Z',
      expiresAt: '2026-10-25T03:00:00.000Z',
      reminders: ['2026-10-24T22:00:00.000Z', '2026-10-24T22:45:00.000Z'],
      lastRemindedAt: null,
      remindedCount: 0,
    });
  });
});
