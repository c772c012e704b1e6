import { api } from '../api/client';

/** Where the page's service worker is served (scope `/`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can take pushes at all (service workers, PushManager, notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** base64url (the VAPID key's encoding) to bytes, as `applicationServerKey` takes them. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

function sameKey(held: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (held === null || held.byteLength !== wanted.length) {
    return false;
  }
  const bytes = new Uint8Array(held);
  return bytes.every((byte, i) => byte === wanted[i]);
}

/** This browser's push subscription for the page, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * "Enable notifications": asks for permission, registers the service worker, subscribes this
 * browser with the daemon's VAPID key and registers the subscription with the daemon
 * (`POST /v1/users/{userId}/subscriptions`, `kind: "push"`). Registering again (the same
 * endpoint) updates it in place, so pressing twice is harmless.
 */
export async function enablePush(userId: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error(
      permission === 'denied'
        ? 'Notifications are blocked for this page: allow them in the browser’s site settings.'
        : 'Notifications were not allowed.',
    );
  }
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('GET', '/v1/push/vapid-public-key');
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription !== null && !sameKey(subscription.options.applicationServerKey, key)) {
    // Made with a key the daemon no longer signs with (rotated): the push service would refuse.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await api('POST', `/v1/users/${encodeURIComponent(userId)}/subscriptions`, {
    kind: 'push',
    subscription: subscription.toJSON(),
  });
}
