import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CalendarSyncResult, type CalendarView } from '@tickler/calendar';
import { type HttpView } from '@tickler/notifications';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';

// Issue 32 on the built daemon: /v1/users/{userId}/calendars with the same auth and scoping as
// every user route, the import in the built worker file, and the private feed.

type CalendarJson = HttpView<CalendarView>;

const shared = daemonPerFile();
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-calendar-e2e-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A calendar whose one event is tomorrow 12:00 UTC (the daemon runs on the real clock). */
function writeCalendar(name: string, summary: string): string {
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCHours(12, 0, 0, 0);
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:e2e-1@example.com',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
      `SUMMARY:${summary}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  );
  return file;
}

describe('calendars over HTTP', () => {
  it('adds a file calendar (admin), syncs it into scheduled reminders, lists and removes it', async () => {
    const file = writeCalendar('work.ics', 'Dentist');
    const added = await shared.api.post<CalendarJson>('/v1/users/cal/calendars', {
      source: file,
      name: 'Work',
      lead: '15m',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      userId: 'cal',
      name: 'Work',
      source: file,
      leads: ['lead:900'],
    });
    const synced = await shared.api.post<HttpView<CalendarSyncResult>>(
      `/v1/users/cal/calendars/${added.body.id}/sync`,
    );
    expect(synced.status).toBe(200);
    expect(synced.body.calendar).toMatchObject({
      lastError: null,
      eventCount: 1,
      reminderCount: 1,
    });
    const scheduled = await shared.api.get<{
      items: { title: string; source: { app: string; collection: string } }[];
    }>('/v1/users/cal/notifications?status=scheduled');
    expect(scheduled.body.items.map((n) => [n.title, n.source.app, n.source.collection])).toEqual([
      ['Dentist', 'calendar', added.body.id],
    ]);
    const again = await shared.api.post<HttpView<CalendarSyncResult>>(
      `/v1/users/cal/calendars/${added.body.id}/sync`,
    );
    expect(again.body.changed).toBe(false);
    const listed = await shared.api.get<{ items: CalendarJson[] }>('/v1/users/cal/calendars');
    expect(listed.body.items.map((c) => c.id)).toEqual([added.body.id]);
    expect((await shared.api.delete(`/v1/users/cal/calendars/${added.body.id}`)).status).toBe(204);
    const after = await shared.api.get<{ items: { status: string }[] }>(
      '/v1/users/cal/notifications',
    );
    expect(after.body.items.map((n) => n.status)).toEqual(['canceled']);
    expect(
      (await shared.api.get<{ items: unknown[] }>('/v1/users/cal/calendars')).body.items,
    ).toEqual([]);
  });

  it('a user token reaches its own calendars only, and may not name a file', async () => {
    const issued = await shared.api.post<{ token: string }>('/v1/users/ria/tokens');
    const ria = shared.api.as(issued.body.token);
    const file = writeCalendar('ria.ics', 'Secret');
    const refused = await ria.post<ErrorBody>('/v1/users/ria/calendars', {
      source: file,
      name: 'Mine',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/^source: a file is read with the daemon's rights/);
    expect((await ria.get('/v1/users/someone-else/calendars')).status).toBe(403);
    expect((await shared.api.as(undefined).get('/v1/users/ria/calendars')).status).toBe(401);
    const bad = await ria.post<ErrorBody>('/v1/users/ria/calendars', {
      source: 'https://example.com/cal.ics',
      name: '',
      lead: '5',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.map((f) => f.path)).toEqual(['name']);
    const noUnit = await ria.post<ErrorBody>('/v1/users/ria/calendars', {
      source: 'https://example.com/cal.ics',
      name: 'Work',
      lead: '5',
    });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.error.message).toMatch(/^lead: "5" has no unit/);
    expect((await ria.post('/v1/users/ria/calendars/nope/sync')).status).toBe(404);
  });

  it('serves a private feed at a secret URL, revocable', async () => {
    const file = writeCalendar('feed.ics', 'Team lunch');
    const added = await shared.api.post<CalendarJson>('/v1/users/fee/calendars', {
      source: file,
      name: 'Home',
    });
    await shared.api.post(`/v1/users/fee/calendars/${added.body.id}/sync`);
    const created = await shared.api.post<{ token: string; path: string; url: string }>(
      '/v1/users/fee/calendar-feed',
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body.url).toBe(`${shared.daemon.url}${created.body.path}`);
    const feed = await shared.api.as(undefined).get<string>(created.body.path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toContain('SUMMARY:Team lunch');
    expect((await shared.api.delete('/v1/users/fee/calendar-feed')).status).toBe(204);
    expect((await shared.api.as(undefined).get(created.body.path)).status).toBe(404);
  });
});
