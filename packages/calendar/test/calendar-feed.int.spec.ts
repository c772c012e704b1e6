import fs from 'node:fs';
import path from 'node:path';
import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { SendNotification } from '@tickler/notifications';
import ICAL from 'ical.js';
import {
  AddCalendar,
  CreateCalendarFeed,
  RenderCalendarFeed,
  RevokeCalendarFeed,
  SyncCalendar,
} from '../src';
import { createCalendarTestApp } from '../src/testing';

// ICS out: a person's private feed (a secret token in its URL, revocable) serves every
// scheduled reminder of theirs as iCalendar, written by ical-generator and read back here by
// ical.js.

const GOOGLE = fs.readFileSync(path.join(__dirname, 'fixtures/ics/google-work.ics'), 'utf8');

let dir: TempDirectory;
let app: Application;

beforeEach(async () => {
  dir = createTempDirectory();
  ({ app } = await createCalendarTestApp({ at: '2026-10-20T08:00:00.000Z' }));
});

afterEach(async () => {
  await app.stop();
  dir.remove();
});

const feed = (token: string) => app.dispatch(Object.assign(new RenderCalendarFeed(), { token }));

describe("a person's reminder feed", () => {
  it("lists their scheduled reminders — the calendar's and their own — as events ical.js reads back", async () => {
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
    const synced = await app.dispatch(
      Object.assign(new SyncCalendar(), { recipientId: 'alice', calendarId: calendar.id }),
    );
    const own = await app.dispatch(
      Object.assign(new SendNotification(), {
        recipientId: 'alice',
        title: 'Call the dentist',
        message: 'Ask about Thursday',
        scheduledAt: '2026-10-22T07:00:00Z',
      }),
    );
    await app.dispatch(
      Object.assign(new SendNotification(), {
        recipientId: 'bob',
        title: "Bob's, not in Alice's feed",
        message: '',
        scheduledAt: '2026-10-22T07:00:00Z',
      }),
    );
    const { token, path: feedPath } = await app.dispatch(
      Object.assign(new CreateCalendarFeed(), { recipientId: 'alice' }),
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(feedPath).toBe(`/v1/feeds/${token}/reminders.ics`);

    const root = new ICAL.Component(ICAL.parse((await feed(token)).ics) as unknown[]);
    const events = root.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength((synced.reminders?.created ?? 0) + 1);
    const dentist = events.find((e) => e.summary === 'Call the dentist')!;
    expect(dentist.uid).toBe(`${own.delivery.id}@tickler`);
    expect(dentist.startDate.toJSDate().toISOString()).toBe('2026-10-22T07:00:00.000Z');
    expect(dentist.description).toBe('Ask about Thursday');
    const moved = events.find((e) => e.summary === 'Stand-up (moved)')!;
    expect(moved.startDate.toJSDate().toISOString()).toBe('2026-10-28T09:50:00.000Z');
    expect(moved.component.getFirstPropertyValue('categories')).toBe('calendar');
    expect(moved.component.getFirstSubcomponent('valarm')?.getFirstPropertyValue('action')).toBe(
      'DISPLAY',
    );
    expect(events.some((e) => e.summary.startsWith("Bob's"))).toBe(false);
  });

  it('a new token replaces the old one; a revoked feed is not found', async () => {
    const first = await app.dispatch(
      Object.assign(new CreateCalendarFeed(), { recipientId: 'alice' }),
    );
    const second = await app.dispatch(
      Object.assign(new CreateCalendarFeed(), { recipientId: 'alice' }),
    );
    await expect(feed(first.token)).rejects.toMatchObject({ code: 'CALENDAR.FEED_NOT_FOUND' });
    expect((await feed(second.token)).ics).toContain('BEGIN:VCALENDAR');
    expect(
      await app.dispatch(Object.assign(new RevokeCalendarFeed(), { recipientId: 'alice' })),
    ).toEqual({
      revoked: true,
    });
    await expect(feed(second.token)).rejects.toMatchObject({ code: 'CALENDAR.FEED_NOT_FOUND' });
    expect(
      await app.dispatch(Object.assign(new RevokeCalendarFeed(), { recipientId: 'alice' })),
    ).toEqual({
      revoked: false,
    });
  });
});
