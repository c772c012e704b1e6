import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Issue 31: Edit previews the new time as it is typed and can change the repeat, in Chromium
// against the real daemon.

const suite = useWebSuite();

describe('Edit', () => {
  it('previews the new time, names what it cannot read, and turns a one-off into a weekly series', async () => {
    const token = await issueToken(suite.admin, 'editor');
    const made = await suite.admin.post<{ id: string }>('/v1/users/editor/notifications', {
      title: 'team lunch',
      message: '',
      scheduledAt: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    });
    expect(made.status).toBe(201);
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByRole('button', { name: 'Edit team lunch' }).click();
    const form = page.getByRole('form', { name: 'Edit team lunch' });

    const when = form.getByLabel('New time');
    await when.fill('banana o’clock');
    await form.locator('.error').filter({ hasText: /./ }).waitFor();
    expect(await when.getAttribute('aria-invalid')).toBe('true');
    await when.fill('friday 12:30');
    await form.getByText(/^Fri \d+ \w{3}, 12:30 — in /).waitFor();

    expect(await form.getByLabel('Repeat').inputValue()).toBe('none');
    await form.getByLabel('Repeat').selectOption('weekly');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Repeats: every Friday at 12:30').waitFor();

    const stored = await suite.admin.get<{
      scheduledAt: string;
      repeat?: { rule: string; timeZone: string };
    }>(`/v1/users/editor/notifications/${made.body.id}`);
    expect(stored.body.repeat).toMatchObject({ rule: 'FREQ=WEEKLY' });
    await context.close();
  });
});
