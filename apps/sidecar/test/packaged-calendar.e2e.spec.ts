import fs from 'node:fs';
import path from 'node:path';
import { desktopEnvironment, SidecarProcess } from '../src/harness/sidecar-process';
import { apiOf, EXECUTABLE, tempDir } from './support/desktop-shell';

// Issue 32: the calendar import runs in a worker thread, whose file is not beside the code in
// one bundle inside one executable; the executable carries the worker's own bundle instead.

interface CalendarSync {
  readonly calendar: { lastError: string | null; eventCount: number; reminderCount: number };
}

/** ICS date-time in UTC: `20261204T120000Z`. */
function icsInstant(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A calendar with two events tomorrow, one of them with its own alarm. */
function writeCalendar(dir: string): string {
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCHours(12, 0, 0, 0);
  const end = new Date(start.getTime() + 3_600_000);
  const later = new Date(start.getTime() + 7_200_000);
  const file = path.join(dir, 'work.ics');
  fs.writeFileSync(
    file,
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//tickler//packaged test//EN',
      'BEGIN:VEVENT',
      'UID:packaged-1@example.com',
      `DTSTART:${icsInstant(start)}`,
      `DTEND:${icsInstant(end)}`,
      'SUMMARY:Dentist',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:packaged-2@example.com',
      `DTSTART:${icsInstant(later)}`,
      `DTEND:${icsInstant(new Date(later.getTime() + 1_800_000))}`,
      'SUMMARY:Standup',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Standup',
      'TRIGGER:-PT5M',
      'END:VALARM',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  );
  return file;
}

describe('the packaged sidecar reading a calendar', () => {
  it('adds an .ics calendar and schedules its reminders (the import worker is inside the executable)', async () => {
    const appData = tempDir('app-data');
    const file = writeCalendar(tempDir('calendars'));
    const sidecar = await SidecarProcess.start({
      executable: EXECUTABLE,
      cwd: tempDir('cwd'),
      env: desktopEnvironment(appData),
    });
    try {
      const api = apiOf(sidecar.readiness);
      const added = await api.post<{ id: string }>('/v1/users/me/calendars', {
        source: file,
        name: 'Work',
        lead: '15m',
      });
      expect(added.status).toBe(201);
      const synced = await api.post<CalendarSync>(`/v1/users/me/calendars/${added.body.id}/sync`);
      expect(synced.status).toBe(200);
      expect(synced.body.calendar).toMatchObject({
        lastError: null,
        eventCount: 2,
        reminderCount: 2,
      });
      const scheduled = await api.get<{ items: { title: string; source: { app: string } }[] }>(
        '/v1/users/me/notifications?status=scheduled',
      );
      expect(scheduled.body.items.map((n) => [n.title, n.source.app]).sort()).toEqual([
        ['Dentist', 'calendar'],
        ['Standup', 'calendar'],
      ]);
    } finally {
      expect(await sidecar.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
  });
});
