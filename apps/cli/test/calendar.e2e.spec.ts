import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tickler, useDaemon } from './support/processes';

// Issue 32: `tickler calendar add <file> --name <name> --lead <duration>` syncs at once;
// `list`, `sync`, `off`, `remove`, `feed`.

const shared = useDaemon();

function calendarFile(dir: string): string {
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const stamp = (d: Date) =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const file = path.join(dir, 'work.ics');
  fs.writeFileSync(
    file,
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:cli-1@example.com',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 1_800_000))}`,
      'SUMMARY:Planning',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  );
  return file;
}

describe('tickler calendar (built binary against a real daemon)', () => {
  it('adds a file by a relative path, syncs it at once, lists, syncs again unchanged, turns it off and removes it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-cli-calendar-'));
    try {
      calendarFile(dir);
      const added = await tickler(
        [
          '--user',
          'cal',
          'calendar',
          'add',
          'work.ics',
          '--name',
          'Work',
          '--lead',
          '15m',
          '--lead',
          '1h',
        ],
        shared.env,
        dir,
      );
      expect(added.stderr).toBe('');
      expect(added.code).toBe(0);
      expect(added.stdout).toMatch(/^added [0-9a-f]{6} {2}Work {2}\/.*\/work\.ics$/m);
      // The daemon's own sync job may pick the new calendar up first; then the add's sync finds
      // the two reminders already planned. Either way the window holds exactly two.
      expect(added.stdout).toMatch(
        /Work: 1 events, 2 reminders in the window \((2 new, 0 moved, 0 withdrawn, 0 pruned|status updated|unchanged)\)$/m,
      );
      const id = /^added ([0-9a-f]{6})/m.exec(added.stdout)![1]!;

      const listed = await tickler(['--user', 'cal', 'calendar', 'list'], shared.env);
      expect(listed.stdout).toContain('15m, 1h');
      expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+Work\\s+`, 'm'));

      const again = await tickler(['--user', 'cal', 'calendar', 'sync', id], shared.env);
      expect(again.stdout).toMatch(/\(unchanged\)$/m);

      const off = await tickler(['--json', '--user', 'cal', 'calendar', 'off', id], shared.env);
      expect(JSON.parse(off.stdout)).toMatchObject({ enabled: false, reminderCount: 0 });

      const removed = await tickler(['--user', 'cal', 'calendar', 'remove', id], shared.env);
      expect(removed.stdout.trim()).toBe(`removed ${id}`);
      const gone = await tickler(['--user', 'cal', 'calendar', 'remove', id], shared.env);
      expect(gone.code).toBe(2);
      expect(gone.stderr).toContain(`no calendar ${id}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints a feed URL and revokes it', async () => {
    const feed = await tickler(['--user', 'cal', 'calendar', 'feed'], shared.env);
    expect(feed.code).toBe(0);
    expect(feed.stdout).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/feeds\/[A-Za-z0-9_-]{43}\/reminders\.ics$/m,
    );
    const revoked = await tickler(['--user', 'cal', 'calendar', 'feed', '--revoke'], shared.env);
    expect(revoked.stdout.trim()).toBe('feed revoked');
  });
});
