// Tickler's service worker (served at /sw.js, scope /): shows a reminder the daemon pushed
// (docs/channels.md, "Web push") and brings the page forward when the notification is clicked.
// Plain JS on purpose: the browser loads it by URL, outside the Vite bundle.

/** The most a notification shows; the inbox keeps all of it. */
const MAX_TITLE = 200;
const MAX_BODY = 1000;

function text(value, max) {
  const s = typeof value === 'string' ? value : '';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

self.addEventListener('install', () => {
  // Nothing to cache: take over at once so a push right after sign-up is shown.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let n = {};
  try {
    n = event.data ? event.data.json() : {};
  } catch {
    n = { title: event.data ? event.data.text() : '' };
  }
  const title = text(n.title, MAX_TITLE) || 'Reminder';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: text(n.message, MAX_BODY),
      // The same reminder pushed twice (at-least-once after a crash) replaces the first.
      tag: typeof n.id === 'string' ? n.id : undefined,
      data: { id: n.id, url: n.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const app = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (app) {
        await app.focus();
        return;
      }
      await self.clients.openWindow('/');
    })(),
  );
});
