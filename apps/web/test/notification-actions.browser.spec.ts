// eslint-disable-next-line @nx/enforce-module-boundaries -- test only: the push-service stand-in the daemon's own e2e uses; the page's bundle imports nothing of ours
import { type PushServiceStandIn, startPushServiceStandIn } from '@tickler/notifications/testing';
import { type Page } from 'playwright-core';
import { deliverToWorker, standInSubscribe } from './support/push-worker';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Issue 31: a shown reminder's Snooze and Done buttons are answered by the service worker
// without opening the page, and a tap opens the reminder's link. The push comes from the real
// daemon through the push-service stand-in (see push.browser.spec.ts for what is stood in).

let push: PushServiceStandIn;
beforeAll(async () => {
  push = await startPushServiceStandIn();
});
afterAll(async () => {
  await push?.close();
});
const suite = useWebSuite(() => ({
  NODE_EXTRA_CA_CERTS: push.caFile,
  TICKLER_ALLOW_PRIVATE_TARGETS: 'true',
}));

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

describe('Actions on a shown notification', () => {
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
      await deliverToWorker(page, suite.daemon.url, payload);
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
});
