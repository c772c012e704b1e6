// eslint-disable-next-line @nx/enforce-module-boundaries -- test only: the push-service stand-in the daemon's own e2e uses; the page's bundle imports nothing of ours
import { type PushServiceStandIn, startPushServiceStandIn } from '@tickler/notifications/testing';
import { deliverToWorker, standInSubscribe } from './support/push-worker';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// "Enable notifications" in Chromium against the real daemon, which pushes to the push-service
// stand-in (an HTTPS server on 127.0.0.1 that checks VAPID and decrypts each push, as a real
// service does). What headless Chromium cannot do here: subscribe with a real push service
// (it refuses push in a fresh profile, and a real service is on the internet). So the page's
// PushManager.subscribe is the one stand-in: it answers the stand-in's subscription and records
// the key it was given. Everything else is real: the permission, the service worker, the POST
// to the daemon, the daemon's encrypted push, and the service worker showing it.

let push: PushServiceStandIn;
beforeAll(async () => {
  push = await startPushServiceStandIn();
});
afterAll(async () => {
  await push?.close();
});
const suite = useWebSuite(() => ({
  NODE_EXTRA_CA_CERTS: push.caFile,
  // The stand-in listens on 127.0.0.1: a private target, refused by default.
  TICKLER_ALLOW_PRIVATE_TARGETS: 'true',
}));

describe('Enable notifications', () => {
  it('shows the daemon’s refusal when the person already holds the most push subscriptions (issue 29)', async () => {
    const token = await issueToken(suite.admin, 'max');
    // Ten browsers already subscribed (the default limit per person and channel).
    for (let i = 0; i < 10; i++) {
      const res = await suite.admin.post('/v1/users/max/subscriptions', {
        kind: 'push',
        subscription: push.subscribe(),
      });
      expect(res.status).toBe(201);
    }
    const { context, page } = await newPage(suite.browser);
    await context.grantPermissions(['notifications'], { origin: suite.daemon.url });
    await standInSubscribe(page, push.subscribe());
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'already has 10 push subscriptions' })
      .waitFor();
    const subs = await suite.admin.get<{ items: unknown[] }>('/v1/users/max/subscriptions');
    expect(subs.body.items).toHaveLength(10);
    await context.close();
  });

  it('says so at once when the browser blocks notifications, instead of a button that does nothing', async () => {
    const token = await issueToken(suite.admin, 'nia');
    const { context, page } = await newPage(suite.browser);
    // What a person who once pressed "Block" has: the browser answers "denied" without asking.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await signInByPasting(page, suite.daemon.url, token);
    await page
      .getByRole('status')
      .filter({ hasText: 'Notifications are blocked for this page' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Enable notifications' }).count()).toBe(0);
    await context.close();
  });

  it('registers the service worker and the subscription with the daemon; a push reaches the worker, which shows it', async () => {
    const token = await issueToken(suite.admin, 'pia');
    const { context, page, cspErrors } = await newPage(suite.browser);
    await context.grantPermissions(['notifications'], { origin: suite.daemon.url });
    const browserSide = push.subscribe();
    await standInSubscribe(page, browserSide);
    await signInByPasting(page, suite.daemon.url, token);

    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await page.getByRole('status').filter({ hasText: 'Notifications on' }).waitFor();
    const vapid = await suite.admin.get<{ publicKey: string }>('/v1/push/vapid-public-key');
    expect(
      await page.evaluate(() => (window as unknown as Record<string, unknown>).subscribedWith),
    ).toEqual({
      userVisibleOnly: true,
      applicationServerKey: vapid.body.publicKey,
    });
    const subs = await suite.admin.get<{
      items: { kind: string; endpoint: string; active: boolean }[];
    }>('/v1/users/pia/subscriptions');
    expect(subs.body.items).toEqual([
      expect.objectContaining({ kind: 'push', endpoint: browserSide.endpoint, active: true }),
    ]);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${suite.daemon.url}/`, script: `${suite.daemon.url}/sw.js` });

    // A reminder due now: the daemon encrypts and signs a push to the stand-in.
    const sent = await suite.admin.post<{ id: string }>('/v1/users/pia/notifications', {
      title: 'tea is ready',
      message: 'green, 3 minutes',
    });
    expect(sent.status).toBe(201);
    const [received] = await push.waitFor(1);
    expect(received!.problems).toEqual([]);
    expect(received!.payload).toMatchObject({ id: sent.body.id, title: 'tea is ready' });

    // The decrypted payload handed to the service worker as the push service would hand it.
    await deliverToWorker(page, suite.daemon.url, received!.payload);
    const shown = await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      const list = await registration.getNotifications();
      return list.length > 0
        ? list.map((n) => ({ title: n.title, body: n.body, tag: n.tag }))
        : null;
    });
    expect(await shown.jsonValue()).toEqual([
      { title: 'tea is ready', body: 'green, 3 minutes', tag: sent.body.id },
    ]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('offers Push and Email beside the Inbox once the person has them, and sends what was picked', async () => {
    const token = await issueToken(suite.admin, 'quin');
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    // No push or email yet: nothing to choose.
    await page.getByLabel('Repeat').waitFor();
    expect(await page.getByRole('group', { name: 'Send by' }).count()).toBe(0);

    const registered = await suite.admin.post('/v1/users/quin/subscriptions', {
      kind: 'push',
      subscription: push.subscribe(),
    });
    expect(registered.status).toBe(201);
    await page.reload();
    const sendBy = page.getByRole('group', { name: 'Send by' });
    await sendBy.waitFor();
    expect(await sendBy.getByRole('checkbox', { name: 'Inbox' }).isChecked()).toBe(true);
    expect(await sendBy.getByRole('checkbox', { name: 'Push' }).isChecked()).toBe(true);

    await page.getByLabel('What').fill('quiet one');
    await page.getByLabel('When').fill('in 2 hours');
    await sendBy.getByRole('checkbox', { name: 'Push' }).uncheck();
    await page.getByRole('button', { name: 'Remind me' }).click();
    await page.getByRole('listitem').filter({ hasText: 'quiet one' }).waitFor();

    await page.getByLabel('What').fill('loud one');
    await page.getByLabel('When').fill('in 3 hours');
    await page.getByRole('button', { name: 'Remind me' }).click();
    await page.getByRole('listitem').filter({ hasText: 'loud one' }).waitFor();

    const list = await suite.admin.get<{
      items: { title: string; requestedChannels: string[] | null }[];
    }>('/v1/users/quin/notifications?status=scheduled');
    expect(list.body.items.map((n) => [n.title, n.requestedChannels])).toEqual([
      ['quiet one', ['inbox']],
      // Untouched: no channels sent, so the daemon's default set (inbox + push) applies.
      ['loud one', null],
    ]);
    await context.close();
  });
});
