// eslint-disable-next-line @nx/enforce-module-boundaries -- test only: the push-service stand-in the daemon's own e2e uses; the page's bundle imports nothing of ours
import {
  type BrowserPushSubscription,
  type PushServiceStandIn,
  startPushServiceStandIn,
} from '@tickler/notifications/testing';
import { type Page } from 'playwright-core';
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

/** Replaces the browser's push registration (see the top of the file) before any page script. */
async function standInSubscribe(page: Page, subscription: BrowserPushSubscription) {
  await page.addInitScript((sub: BrowserPushSubscription) => {
    let made: unknown = null;
    const toBase64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const proto = PushManager.prototype as unknown as Record<string, unknown>;
    proto.subscribe = (options: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options.applicationServerKey as ArrayBuffer);
      (window as unknown as Record<string, unknown>).subscribedWith = {
        userVisibleOnly: options.userVisibleOnly,
        applicationServerKey: toBase64Url(key),
      };
      made = {
        endpoint: sub.endpoint,
        options: { applicationServerKey: key.buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: () => Promise.resolve(true),
      };
      return Promise.resolve(made);
    };
    proto.getSubscription = () => Promise.resolve(made);
  }, subscription);
}

/** Hands a decrypted payload to the page's service worker, as the push service would. */
async function deliverToWorker(page: Page, payload: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${suite.daemon.url}/`);
      if (mine) {
        resolve(mine.registrationId);
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: suite.daemon.url,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/**
 * Clicks the shown notification of `id` in the worker: its button `action`, or its body (''),
 * through the worker's own click handler. A script cannot dispatch a trusted
 * `notificationclick`, so the handler is called with the real shown notification; opening a
 * window needs a real click too, so `clients.openWindow` is recorded instead.
 */
async function clickInWorker(
  page: Page,
  id: string,
  action: string,
): Promise<{ opened: string[] }> {
  const [worker] = page.context().serviceWorkers();
  return worker!.evaluate(
    async ([tag, button]) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        clients: {
          openWindow: (url: string) => Promise<null>;
          matchAll: () => Promise<unknown[]>;
        };
        ticklerNotificationClick: (n: Notification, action: string) => Promise<void>;
      };
      const opened: string[] = [];
      // No window to bring forward: the page is opened, and recorded.
      scope.clients.matchAll = () => Promise.resolve([]);
      scope.clients.openWindow = (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      };
      const shown = await scope.registration.getNotifications({ tag });
      if (shown.length !== 1) {
        throw new Error(`${shown.length} notifications shown for ${tag}`);
      }
      await scope.ticklerNotificationClick(shown[0]!, button);
      return { opened };
    },
    [id, action] as const,
  );
}

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
    await deliverToWorker(page, received!.payload);
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

  it('answers Snooze and Done from the notification without the page, and a tap opens its link (issue 31)', async () => {
    const token = await issueToken(suite.admin, 'ria');
    const { context, page } = await newPage(suite.browser);
    await context.grantPermissions(['notifications'], { origin: suite.daemon.url });
    await standInSubscribe(page, push.subscribe());
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByRole('button', { name: 'Enable notifications' }).click();
    await page.getByRole('status').filter({ hasText: 'Notifications on' }).waitFor();

    const fire = async (title: string, url?: string) => {
      const count = push.received.length;
      const sent = await suite.admin.post<{ id: string }>('/v1/users/ria/notifications', {
        title,
        message: '',
        ...(url === undefined ? {} : { url }),
      });
      expect(sent.status).toBe(201);
      const received = await push.waitFor(count + 1);
      const payload = received.at(-1)!.payload as { id: string };
      expect(payload.id).toBe(sent.body.id);
      await deliverToWorker(page, payload);
      await page.waitForFunction(async (tag) => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications({ tag })).length === 1;
      }, sent.body.id);
      return sent.body.id;
    };
    const inbox = async () =>
      (
        await suite.admin.get<{ items: { id: string; readAt: string | null }[] }>(
          '/v1/users/ria/inbox',
        )
      ).body.items;

    const tea = await fire('tea');
    const actions = await page.evaluate(async (tag) => {
      const registration = await navigator.serviceWorker.ready;
      const [n] = await registration.getNotifications({ tag });
      return (n as Notification & { actions: { action: string; title: string }[] }).actions;
    }, tea);
    expect(actions.map((a) => [a.action, a.title])).toEqual([
      ['snooze', 'Snooze 10 min'],
      ['done', 'Done'],
    ]);
    // Done: the inbox item is read, nothing opens.
    expect(await clickInWorker(page, tea, 'done')).toEqual({ opened: [] });
    expect((await inbox()).find((i) => i.id === tea)?.readAt).toEqual(expect.any(String));

    // Snooze: a new reminder 10 minutes from now, linked to the item, which is read.
    const nap = await fire('nap');
    const before = Date.now();
    expect(await clickInWorker(page, nap, 'snooze')).toEqual({ opened: [] });
    const again = await suite.admin.get<{
      items: { title: string; scheduledAt: string; snoozedFrom: string | null }[];
    }>('/v1/users/ria/notifications?status=scheduled');
    expect(again.body.items).toEqual([expect.objectContaining({ title: 'nap', snoozedFrom: nap })]);
    const due = Date.parse(again.body.items[0]!.scheduledAt) - before;
    expect(due).toBeGreaterThan(9 * 60_000);
    expect(due).toBeLessThanOrEqual(10 * 60_000 + 60_000);
    expect((await inbox()).find((i) => i.id === nap)?.readAt).toEqual(expect.any(String));

    // A tap on the body opens the reminder's own link; one without a link opens the page.
    const linked = await fire('read this', 'https://example.org/article');
    expect(await clickInWorker(page, linked, '')).toEqual({
      opened: ['https://example.org/article'],
    });
    const plain = await fire('plain');
    expect(await clickInWorker(page, plain, '')).toEqual({ opened: ['/'] });

    // Signed out: the worker has no session, so Done opens the page instead of acting.
    await page.getByRole('button', { name: 'Sign out' }).click();
    const after = await fire('after sign-out');
    expect(await clickInWorker(page, after, 'done')).toEqual({ opened: ['/'] });
    expect((await inbox()).find((i) => i.id === after)?.readAt).toBeNull();
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
