// eslint-disable-next-line @nx/enforce-module-boundaries -- test only: the webhook receiver the daemon's own e2e uses; the page's bundle imports nothing of ours
import { startWebhookReceiver, type WebhookReceiver } from '@tickler/notifications/testing';
import { type Locator, type Page } from 'playwright-core';
import { seriousViolations } from './support/accessibility';
import { issueToken, newPage, useWebSuite } from './support/web-daemon';

// Issue 33 item 5, the operator page (`/#/admin`) in Chromium against the real daemon: the
// admin token pasted and kept in memory only; a failing webhook's send listed with its error
// and retried; a channel and a subscription paused (a new send waits) and resumed (it goes).

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
const suite = useWebSuite(() => ({ TICKLER_ALLOW_PRIVATE_TARGETS: 'true' }));

/** Polls `check` until it holds (the daemon's send loop runs on its own). */
async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let siblings = 0;
const received = (title: string) => receiver.received.filter((r) => r.body.includes(title)).length;

/** Sends `title` now, over the API (what an app would do): to ops's webhook, or to sib's ntfy. */
async function notify(title: string, user: 'ops' | 'sib' = 'ops'): Promise<string> {
  const res = await suite.admin.post<{ id: string }>(`/v1/users/${user}/notifications`, {
    title,
    message: 'm',
    channels: [user === 'ops' ? 'webhook' : 'ntfy'],
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/**
 * Shows that the send loop went past the sends made before: a send made after it, to a sibling left
 * running (sib's ntfy topic on the same receiver), arrives; the loop takes due sends in order.
 */
async function passedBy(): Promise<void> {
  siblings += 1;
  const sibling = `sibling ${siblings}`;
  await notify(sibling, 'sib');
  await until(sibling, () => received(sibling) === 1);
}

/** The webhook send of a notification, as its owner's view tells it. */
async function webhookSend(id: string): Promise<{ status: string; attempts: number } | undefined> {
  const got = await suite.admin.get<{
    channels: { channel: string; status: string; attempts: number }[];
  }>(`/v1/users/ops/notifications/${id}`);
  return got.body.channels.find((c) => c.channel === 'webhook');
}

async function openOperatorPage(page: Page): Promise<void> {
  await page.goto(`${suite.daemon.url}/#/admin`);
  await page.getByLabel('Admin token').fill(suite.daemon.adminToken);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('heading', { name: 'Channels' }).waitFor();
}

const section = (page: Page, name: string): Locator => page.getByRole('region', { name });

describe('the operator page', () => {
  it('lists a failed webhook send with its error, retries it, pauses and resumes the channel and a subscription', async () => {
    receiver.respond = () => 400;
    expect(
      (await suite.admin.post('/v1/users/ops/subscriptions', { url: receiver.url })).status,
    ).toBe(201);
    const ntfy = { kind: 'ntfy', server: new URL(receiver.url).origin, topic: 'sib' };
    expect((await suite.admin.post('/v1/users/sib/subscriptions', ntfy)).status).toBe(201);
    await notify('first try');
    const { context, page, cspErrors } = await newPage(suite.browser);
    await openOperatorPage(page);

    // The failed send shows up by itself (the page reads again after the admin event stream
    // reports the send failed; it has no timer).
    const failed = section(page, 'Failed sends');
    const row = failed.getByRole('row').filter({ hasText: 'ops' }).filter({ hasText: 'http-4xx' });
    await row.waitFor();
    await failed.getByRole('table', { name: 'webhook' }).waitFor();
    // The token lives in the page's memory only: no cookie, nothing in storage.
    expect(await context.cookies()).toEqual([]);
    const stored = await page.evaluate(() =>
      JSON.stringify([{ ...window.localStorage }, { ...window.sessionStorage }]),
    );
    expect(stored).not.toContain(suite.daemon.adminToken);
    expect(await seriousViolations(page)).toEqual([]);
    expect(cspErrors).toEqual([]);

    receiver.respond = () => 200;
    await row.getByRole('button', { name: 'Retry' }).click();
    await until('the retried send', () => received('first try') === 2);
    await failed.getByText('None', { exact: true }).waitFor();

    // Pause the channel: a new send waits; resume: it goes.
    const webhookRow = section(page, 'Channels').getByRole('row', { name: /webhook/ });
    await webhookRow.getByRole('button', { name: 'Pause' }).click();
    await webhookRow.getByText(/Paused since/).waitFor();
    const held = await notify('held by the channel');
    await passedBy();
    expect(await webhookSend(held)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(received('held by the channel')).toBe(0);
    await section(page, 'Queue').getByText('Next send: none').waitFor();
    await webhookRow.getByRole('button', { name: 'Resume' }).click();
    await webhookRow.getByText('Running').waitFor();
    await until('the channel-held send', () => received('held by the channel') === 1);

    // A failed send's subscription paused from its row: its next send waits; Resume lets it go.
    receiver.respond = () => 400;
    await notify('second try');
    const second = failed.getByRole('row').filter({ hasText: 'http-4xx' });
    await second.waitFor();
    await second.getByRole('button', { name: 'Pause subscription' }).click();
    const paused = section(page, 'Paused subscriptions');
    const pausedRow = paused.getByRole('row', { name: /ops · webhook/ });
    await pausedRow.waitFor();
    receiver.respond = () => 200;
    const waiting = await notify('held by the subscription');
    await passedBy();
    expect(await webhookSend(waiting)).toMatchObject({ status: 'pending', attempts: 0 });

    // Retry all sends the failed one (its subscription's pause holds the retry too), Resume both.
    await failed.getByRole('button', { name: 'Retry all' }).click();
    await failed.getByText('None', { exact: true }).waitFor();
    expect(received('second try')).toBe(1);
    expect(received('held by the subscription')).toBe(0);
    await pausedRow.getByRole('button', { name: 'Resume' }).click();
    await paused.getByText('None', { exact: true }).waitFor();
    await until(
      'the subscription-held sends',
      () => received('held by the subscription') === 1 && received('second try') === 2,
    );
    await context.close();
  });

  it('names a wrong admin token or a user token, asks again, and never opens a session', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.daemon.url}/#/admin`);
    await page.getByLabel('Admin token').fill('not-the-admin-token-at-all');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/token/i);
    // Asked again (the refused token is dropped), and a user token is refused as well.
    const userToken = await issueToken(suite.admin, 'not-an-operator');
    await page.getByLabel('Admin token').fill(userToken);
    await page.getByRole('button', { name: 'Open' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /does not reach/ })
      .waitFor();
    await page.getByLabel('Admin token').waitFor();
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });
});
