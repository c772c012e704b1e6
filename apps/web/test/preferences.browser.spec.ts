import { seriousViolations } from './support/accessibility';
import { type Locator, type Page } from 'playwright-core';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Issue 33 item 1 in Debian's Chromium: an app reminder's badge names its app and opens that
// source's row in Settings › Notifications by source, where a channel is switched off and stays
// off (the daemon's GET says so). Item 2: a source's escalation is set there, survives a reload,
// a refused wait is named beside its field, and it is cleared.

const suite = useWebSuite();
let token: string;

beforeAll(async () => {
  token = await issueToken(suite.admin, 'alice');
});

/** The Settings tab, opened. */
async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Settings' }).click();
  return page.getByRole('tabpanel', { name: 'Settings' });
}

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

  it("sets a source's escalation, shows it after a reload, names a refused wait, clears it", async () => {
    // Escalation needs a channel besides the inbox: bo has a webhook, never called (bo has no
    // reminder). A public literal, as the daemon refuses private targets and needs no lookup.
    const hook = await suite.admin.post('/v1/users/bo/subscriptions', {
      url: 'https://93.184.215.14/bo',
      default: false,
    });
    expect(hook.status).toBe(201);
    const { context, page, cspErrors } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, await issueToken(suite.admin, 'bo'));
    let settings = await openSettings(page);
    let form = settings.getByRole('form', { name: 'Escalation for Made by you' });
    await form.getByText('No escalation').waitFor();
    const after = settings.getByRole('textbox', { name: 'Escalate after for Made by you' });
    const set = settings.getByRole('button', { name: 'Set escalation for Made by you' });

    await after.fill('10s');
    await set.click();
    await form.getByText('must be from 1m to 7d').waitFor();
    expect(await after.getAttribute('aria-invalid')).toBe('true');
    await after.fill('2h');
    await settings
      .getByRole('combobox', { name: 'Escalate by for Made by you' })
      .selectOption('webhook');
    await set.click();
    await form.getByText('Escalates: unread after 2h, sent again by webhook').waitFor();
    expect(await after.getAttribute('aria-invalid')).toBeNull();
    const path = '/v1/users/bo/preferences';
    const stored = await suite.admin.get<{ preferences: unknown[] }>(path);
    expect(stored.body.preferences).toEqual([
      expect.objectContaining({
        source: '@person',
        channel: 'inbox',
        enabled: true,
        escalate: { after: '2h', channel: 'webhook' },
      }),
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    // A fresh page shows the escalation as the daemon keeps it; Clear removes it.
    await page.reload();
    settings = await openSettings(page);
    form = settings.getByRole('form', { name: 'Escalation for Made by you' });
    await form.getByText('Escalates: unread after 2h, sent again by webhook').waitFor();
    expect(await after.inputValue()).toBe('2h');
    await settings.getByRole('button', { name: 'Clear escalation for Made by you' }).click();
    await form.getByText('No escalation').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Escalate after for Made by you',
    );
    const cleared = await suite.admin.get<{ preferences: unknown[] }>(path);
    expect(cleared.body.preferences).toEqual([
      expect.objectContaining({
        source: '@person',
        channel: 'inbox',
        enabled: true,
        escalate: null,
      }),
    ]);
    expect(await settings.getByRole('switch', { name: 'inbox for Made by you' }).isChecked()).toBe(
      true,
    );
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});
