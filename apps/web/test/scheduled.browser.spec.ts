import fs from 'node:fs';
import path from 'node:path';
import { seriousViolations } from './support/accessibility';
import { type Page } from 'playwright-core';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// The Scheduled tab in Debian's Chromium against the real daemon serving the built page:
// sign in by pasting a token, schedule through the form, find it under "Tomorrow", edit,
// cancel, an app-made row, keyboard only, 360 px, axe, and the screenshots.

const suite = useWebSuite();
let token: string;

/** Where `npm run screenshots` keeps them (docs/screenshots); a temp folder otherwise. */
const SHOTS = process.env.TICKLER_SCREENSHOTS ?? '';

beforeAll(async () => {
  token = await issueToken(suite.admin, 'alice');
});

/** The section under a day heading. */
const day = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

describe('Scheduled', () => {
  it('schedules through the form, shows it under Tomorrow, edits it, cancels it', async () => {
    const { context, page, cspErrors } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByText('Nothing scheduled').waitFor();

    await page.getByLabel('What').fill('water the plants');
    await page.getByLabel('When').fill('tomorrow 9am');
    await page.getByText(/^\w{3} \d+ \w{3}, 09:00 — in \d+ (hours|day)/).waitFor();
    await page.getByRole('button', { name: 'Remind me' }).click();
    const row = day(page, 'Tomorrow').getByRole('listitem').filter({ hasText: 'water the plants' });
    await row.waitFor();
    expect(await row.textContent()).toContain('09:00');

    await page.getByRole('button', { name: 'Edit water the plants' }).click();
    await page.getByLabel('Title').fill('water the ferns');
    await page.getByLabel('New time').fill('tomorrow 10am');
    await page.getByRole('button', { name: 'Save' }).click();
    const edited = day(page, 'Tomorrow')
      .getByRole('listitem')
      .filter({ hasText: 'water the ferns' });
    await edited.waitFor();
    expect(await edited.textContent()).toContain('10:00');
    expect(await page.getByText('water the plants').count()).toBe(0);

    await page.getByText('Recently sent and canceled (0)').waitFor();
    await page.getByRole('button', { name: 'Cancel water the ferns' }).click();
    await page.getByText('Recently sent and canceled (1)').waitFor();
    await page.getByText('Nothing scheduled').waitFor();
    const stored = await suite.admin.get<{ items: { title: string; status: string }[] }>(
      '/v1/users/alice/notifications',
    );
    expect(stored.body.items.map((n) => [n.title, n.status])).toEqual([
      ['water the ferns', 'canceled'],
    ]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('undoes a cancel from the toast, keeping the focus; asks "this one or the series" of a repeating one', async () => {
    const user = 'undoer';
    const own = await issueToken(suite.admin, user);
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString();
    await suite.admin.post(`/v1/users/${user}/notifications`, {
      title: 'call the bank',
      message: '',
      scheduledAt: later,
    });
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, own);
    await page.getByRole('button', { name: 'Cancel call the bank' }).click();
    const undo = page.getByRole('status').getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    // The canceled row's button is gone: focus moves to Undo, not to <body> (after the render
    // that removes the row, which may come after the toast is visible).
    await focusOn(page, 'Undo');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Cancel call the bank' }).waitFor();
    // Focus returns to the restored row, where the person was.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Cancel call the bank',
    );
    const back = await suite.admin.get<{ items: { status: string }[] }>(
      `/v1/users/${user}/notifications`,
    );
    expect(back.body.items.map((n) => n.status)).toEqual(['scheduled']);

    await suite.admin.post(`/v1/users/${user}/notifications`, {
      title: 'stretch',
      message: '',
      scheduledAt: later,
      repeat: { rule: 'FREQ=DAILY', timeZone: 'UTC' },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Cancel stretch' }).click();
    const thisOne = page.getByRole('button', { name: 'Cancel only this one of stretch' });
    await thisOne.waitFor();
    await focusOn(page, 'This one');
    await thisOne.click();
    // Only this occurrence: the series schedules its next one, and no Undo is offered for it.
    await page.getByRole('status').getByText('Canceled “stretch”.').waitFor();
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    const rows = await suite.admin.get<{ items: { title: string; status: string }[] }>(
      `/v1/users/${user}/notifications?status=scheduled`,
    );
    expect(rows.body.items.map((n) => n.title).sort()).toEqual(['call the bank', 'stretch']);
    await context.close();
  });

  it('names the field the daemon refused, next to it', async () => {
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByLabel('What').fill('something');
    await page.getByLabel('When').fill('tomorrow at noon blah');
    const preview = page.locator('#remind-when-preview.error');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/when|understood|blah/i);
    await page.getByRole('button', { name: 'Remind me' }).click();
    await preview.waitFor();
    expect(
      (
        await suite.admin.get<{ items: unknown[] }>(
          '/v1/users/alice/notifications?status=scheduled',
        )
      ).body.items,
    ).toEqual([]);
    await context.close();
  });

  it('repeats: Weekdays sends the rule in the browser zone; a custom RRULE the daemon refuses is named beside it', async () => {
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByLabel('What').fill('stand-up');
    await page.getByLabel('When').fill('tomorrow 9am');
    await page.getByLabel('Repeat').selectOption({ label: 'Weekdays' });
    await page.getByRole('button', { name: 'Remind me' }).click();
    await day(page, 'Tomorrow').getByRole('listitem').filter({ hasText: 'stand-up' }).waitFor();
    const list = await suite.admin.get<{ items: { id: string; title: string }[] }>(
      '/v1/users/alice/notifications?status=scheduled',
    );
    const made = list.body.items.find((n) => n.title === 'stand-up')!;
    const one = await suite.admin.get<{ repeat: { rule: string; timeZone: string } }>(
      `/v1/users/alice/notifications/${made.id}`,
    );
    expect(one.body.repeat).toMatchObject({
      rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      timeZone: 'Europe/Berlin',
    });
    expect(await page.getByLabel('Repeat').inputValue()).toBe('none');

    await page.getByLabel('What').fill('every hour');
    await page.getByLabel('When').fill('in 2 hours');
    await page.getByLabel('Repeat').selectOption({ label: 'Custom (RRULE)' });
    await page.getByLabel('RRULE').fill('FREQ=HOURLY');
    await page.getByRole('button', { name: 'Remind me' }).click();
    const refused = page.locator('#remind-rrule-error');
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/HOURLY/);
    expect(await page.getByLabel('RRULE').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('RRULE').fill('FREQ=MONTHLY;BYMONTHDAY=1');
    await page.getByRole('button', { name: 'Remind me' }).click();
    await page.getByRole('listitem').filter({ hasText: 'every hour' }).waitFor();
    for (const title of ['stand-up', 'every hour']) {
      await page.getByRole('button', { name: `Cancel ${title}` }).click();
      await page.getByRole('button', { name: `Cancel the whole series of ${title}` }).click();
      await page.getByRole('button', { name: `Cancel ${title}` }).waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('badges an app-made row (from /v1/reconcile) and offers Cancel but no Edit', async () => {
    const res = await suite.admin.post('/v1/reconcile', {
      sourceApp: 'home',
      planned: [
        {
          userId: 'alice',
          sourceKey: 'bins',
          title: 'Bins out tonight',
          message: 'Trash and Recycling.',
          scheduledAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        },
      ],
    });
    expect(res.status).toBe(200);
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    const row = page.getByRole('listitem').filter({ hasText: 'Bins out tonight' });
    await row.waitFor();
    expect(await row.textContent()).toContain('home');
    expect(await row.textContent()).toContain('Trash and Recycling.');
    expect(await page.getByRole('button', { name: 'Cancel Bins out tonight' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Edit Bins out tonight' }).count()).toBe(0);
    await context.close();
  });

  it('works from the keyboard alone and at 360 px wide', async () => {
    const { context, page } = await newPage(suite.browser, { width: 360 });
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByLabel('What').focus();
    await page.keyboard.type('stretch');
    await page.keyboard.press('Tab');
    await page.keyboard.type('in 3 hours');
    await page.getByText(/— in 3 hours/).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('listitem').filter({ hasText: 'stretch' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // Arrow keys move between the tabs (the tablist pattern).
    await page.getByRole('tab', { name: 'Scheduled' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: /Inbox/ }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await context.close();
  });

  it('has no serious or critical axe violations on either tab, light and dark; takes the screenshots', async () => {
    // Something in the Inbox too: one read, one unread with a link.
    for (const title of ['Renew the passport', 'Pay the electricity bill']) {
      const sent = await suite.admin.post<{ inboxId: string }>('/v1/users/alice/notifications', {
        title,
        message: 'Due on Friday.',
        url: 'https://example.org/bills',
      });
      expect(sent.status).toBe(201);
      if (title === 'Renew the passport') {
        await suite.admin.post(`/v1/users/alice/inbox/${sent.body.inboxId}/read`, {});
      }
    }
    for (const dark of [false, true]) {
      const { context, page } = await newPage(suite.browser, { dark });
      await signInByPasting(page, suite.daemon.url, token);
      await page.getByRole('listitem').filter({ hasText: 'Bins out tonight' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `scheduled-${dark ? 'dark' : 'light'}`);
      await page.getByRole('tab', { name: /Inbox/ }).click();
      await page.getByRole('tabpanel', { name: /Inbox/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `inbox-${dark ? 'dark' : 'light'}`);
      await context.close();
    }
  });
});

async function shot(page: Page, name: string): Promise<void> {
  const dir = SHOTS || path.join(process.env.TICKLER_E2E_ROOT ?? '', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Waits until the focused element's text is `text`: the page moves focus in the render after
 * an action, and reading it once raced that render. Never moving is a failure naming both.
 */
async function focusOn(page: Page, text: string): Promise<void> {
  try {
    await page.waitForFunction(
      (expected) => document.activeElement?.textContent === expected,
      text,
      {
        timeout: 10_000,
      },
    );
  } catch {
    const actual = await page.evaluate(() => document.activeElement?.textContent);
    throw new Error(`focus never moved to "${text}" (it is on "${String(actual)}")`);
  }
}
