import { seriousViolations } from './support/accessibility';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Issue 33 item 1 in Debian's Chromium: an app reminder's badge names its app and opens that
// source's row in Settings › Notifications by source, where a channel is switched off and stays
// off (the daemon's GET says so).

const suite = useWebSuite();
let token: string;

beforeAll(async () => {
  token = await issueToken(suite.admin, 'alice');
});

describe('Settings › Notifications by source', () => {
  it("a reminder's badge opens its source, whose inbox switch turns off and stays off", async () => {
    const res = await suite.admin.post('/v1/reconcile', {
      sourceApp: 'chores',
      planned: [
        {
          userId: 'alice',
          sourceKey: 'plants',
          title: 'Water the plants',
          message: '',
          scheduledAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        },
      ],
    });
    expect(res.status).toBe(200);
    const { context, page, cspErrors } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    const row = page.getByRole('listitem').filter({ hasText: 'Water the plants' });
    await row.waitFor();
    await row.getByRole('link', { name: 'From chores: open its preferences' }).click();

    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    const inbox = settings.getByRole('switch', { name: 'inbox for chores' });
    await inbox.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('preferences-chores');
    expect(await inbox.isChecked()).toBe(true);
    expect(await settings.getByRole('switch', { name: 'inbox for Made by you' }).isChecked()).toBe(
      true,
    );
    await inbox.click();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('[aria-label="inbox for chores"]')?.checked ===
        false,
    );
    const stored = await suite.admin.get<{ preferences: unknown[] }>('/v1/users/alice/preferences');
    expect(stored.body.preferences).toEqual([
      expect.objectContaining({ source: 'chores', channel: 'inbox', enabled: false }),
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // A fresh page shows the switch as the daemon keeps it.
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    const again = page.getByRole('switch', { name: 'inbox for chores' });
    await again.waitFor();
    expect(await again.isChecked()).toBe(false);
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});
