// What the push browser specs share: the stand-in for the browser's push registration and the
// hand-off of a decrypted push to the page's service worker.
// eslint-disable-next-line @nx/enforce-module-boundaries -- test only: the type of the push-service stand-in's subscription; the page's bundle imports nothing of ours
import { type BrowserPushSubscription } from '@tickler/notifications/testing';
import { type Page } from 'playwright-core';
/** Replaces the browser's push registration (headless Chromium cannot subscribe with a real push service: it answers the stand-in's subscription) before any page script. */
export async function standInSubscribe(page: Page, subscription: BrowserPushSubscription) {
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
export async function deliverToWorker(page: Page, origin: string, payload: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/`);
      if (mine) {
        resolve(mine.registrationId);
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}
