import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Issue 31: on a phone every row carried Edit and Cancel, so a screen held about three
// reminders. At 360 px the actions fold behind one button per row, which opens them with the
// focus on the first; wider screens show the buttons and no toggle.

const suite = useWebSuite();

const rowHeights = () =>
  Array.from(document.querySelectorAll('li.row[data-id]')).map(
    (li) => li.getBoundingClientRect().height,
  );

describe('Scheduled rows on a phone', () => {
  it('fold their actions behind one button at 360 px, and show them on a wide screen', async () => {
    const token = await issueToken(suite.admin, 'phone');
    for (let i = 1; i <= 6; i += 1) {
      const made = await suite.admin.post('/v1/users/phone/notifications', {
        title: `errand number ${i}`,
        message: '',
        scheduledAt: new Date(Date.now() + (i + 2) * 3_600_000).toISOString(),
      });
      expect(made.status).toBe(201);
    }
    const narrow = await newPage(suite.browser, { width: 360 });
    const page = narrow.page;
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByRole('listitem').filter({ hasText: 'errand number 6' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel errand number 1' }).count()).toBe(0);
    // One line of text per row, not a second line of buttons: each row is short.
    const heights = await page.evaluate(rowHeights);
    expect(heights).toHaveLength(6);
    for (const height of heights) {
      expect(height).toBeLessThan(60);
    }

    const toggle = page.getByRole('button', { name: 'Actions for errand number 1' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Edit errand number 1',
    );
    await page.getByRole('button', { name: 'Cancel errand number 1' }).click();
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).waitFor();
    await narrow.context.close();

    const wide = await newPage(suite.browser);
    await signInByPasting(wide.page, suite.daemon.url, token);
    await wide.page.getByRole('button', { name: 'Cancel errand number 2' }).waitFor();
    expect(
      await wide.page.getByRole('button', { name: 'Actions for errand number 2' }).count(),
    ).toBe(0);
    await wide.context.close();
  });

  it('folds only the rows that have the toggle: Inbox and Settings rows keep their buttons at 360 px', async () => {
    const token = await issueToken(suite.admin, 'pocket');
    // No time: it goes to the inbox at once.
    const made = await suite.admin.post('/v1/users/pocket/notifications', {
      title: 'water the basil',
      message: '',
    });
    expect(made.status).toBe(201);
    const { context, page } = await newPage(suite.browser, { width: 360 });
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByRole('tab', { name: /Inbox \(1\)/ }).click();
    const inbox = page.getByRole('tabpanel', { name: /Inbox/ });
    const markRead = inbox.getByRole('button', { name: 'Mark read water the basil' });
    await markRead.waitFor();
    expect(await markRead.isVisible()).toBe(true);
    expect(await inbox.getByRole('button', { name: 'Snooze water the basil' }).isVisible()).toBe(
      true,
    );

    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByRole('tabpanel', { name: 'Settings' });
    const switches = settings.getByRole('switch');
    await switches.first().waitFor();
    for (const one of await switches.all()) {
      expect(await one.isVisible()).toBe(true);
    }
    await context.close();
  });
});
