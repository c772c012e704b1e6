import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seriousViolations } from './support/accessibility';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Issue 32 in Debian's Chromium: a calendar reminder's badge names its calendar and opens its
// row in Settings (seed 001 §5.2), where it can be synced, turned off and removed; the add form
// names the field the daemon refused.

const suite = useWebSuite();
let token: string;
let dir: string;

beforeAll(async () => {
  token = await issueToken(suite.admin, 'alice');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-web-calendar-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A file calendar for alice (the admin may add files), synced: one event tomorrow 15:00 UTC. */
async function workCalendar(): Promise<string> {
  const start = new Date(Date.now() + 86_400_000);
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
      'UID:web-1@example.com',
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
      'SUMMARY:Quarterly review',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  );
  const added = await suite.admin.post<{ id: string }>('/v1/users/alice/calendars', {
    source: file,
    name: 'Work',
  });
  await suite.admin.post(`/v1/users/alice/calendars/${added.body.id}/sync`);
  return added.body.id;
}

describe('Settings › Calendars', () => {
  it("a reminder's badge opens its calendar, which can be synced, turned off and removed", async () => {
    const id = await workCalendar();
    const { context, page, cspErrors } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    const row = page.getByRole('listitem').filter({ hasText: 'Quarterly review' });
    await row.waitFor();
    await row.getByRole('link', { name: 'From calendar Work: open its settings' }).click();

    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    const calendar = settings.getByRole('listitem').filter({ hasText: 'Work' });
    await calendar.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`calendar-${id}`);
    expect(await calendar.textContent()).toContain('1 events · 1 reminders in the next 30 days');
    expect(await seriousViolations(page)).toEqual([]);

    await settings.getByRole('button', { name: 'Sync Work' }).click();
    await settings.getByRole('button', { name: 'Turn off Work' }).click();
    await settings.getByRole('button', { name: 'Turn on Work' }).waitFor();
    expect(await calendar.textContent()).toContain('Off');
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await page.getByText('Nothing scheduled').waitFor();

    await page.getByRole('tab', { name: 'Settings' }).click();
    await settings.getByRole('button', { name: 'Remove Work' }).click();
    await settings.getByText('No calendars yet').waitFor();
    expect(
      (await suite.admin.get<{ items: unknown[] }>('/v1/users/alice/calendars')).body.items,
    ).toEqual([]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('the add form names the field the daemon refused, next to it', async () => {
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Calendar URL').fill('http://example.com/team.ics');
    await page.getByLabel('Name').fill('Team');
    await page.getByRole('button', { name: 'Add calendar' }).click();
    const error = page.locator('#calendar-source + .error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      'source: must be an https URL or a file path (http: is refused)',
    );
    await page.getByLabel('Calendar URL').fill('/etc/hosts');
    await page.getByRole('button', { name: 'Add calendar' }).click();
    await page.getByText(/source: a file is read with the daemon's rights/).waitFor();
    await context.close();
  });
});
