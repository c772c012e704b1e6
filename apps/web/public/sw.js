// Tickler's service worker (served at /sw.js, scope /): shows a reminder the daemon pushed
// (docs/channels.md, "Web push") with Snooze and Done buttons answered here, and opens the
// reminder's link (or the page) when the notification is tapped.
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
  const id = typeof n.id === 'string' ? n.id : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: text(n.message, MAX_BODY),
      // The same reminder pushed twice (at-least-once after a crash) replaces the first.
      tag: id,
      data: { id, url: n.url },
      // Answered here, without opening the page (issue 31); no id, nothing to act on.
      actions: id === undefined ? [] : ACTIONS,
    }),
  );
});

/** The buttons a shown reminder carries (Chromium shows two). */
const ACTIONS = [
  { action: 'snooze', title: 'Snooze 10 min' },
  { action: 'done', title: 'Done' },
];

/** Where the page leaves its half of the session (apps/web/src/push/worker-session.ts). */
const SESSION_CACHE = 'tickler-session';
const SESSION_ENTRY = '/session-key';
/** A request the worker makes gives up after this long (the page opens instead). */
const REQUEST_TIMEOUT_MS = 10_000;

/** The session's headers, or null when the page never shared a key (signed out). */
async function sessionHeaders() {
  const cache = await caches.open(SESSION_CACHE);
  const entry = await cache.match(SESSION_ENTRY);
  const key = entry ? (await entry.text()).trim() : '';
  return key === '' ? null : { 'x-tickler-session': key };
}

/** Calls the daemon on this origin as the signed-in person; the answer's JSON, or null. */
async function call(method, path, headers, body) {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return response.ok ? response.json() : null;
}

/**
 * Snooze (10 minutes from now) or Done (the inbox item read) for the reminder `id`, as the
 * signed-in person. True when the daemon did it; false sends the person to the page instead.
 */
async function answerAction(action, id) {
  const headers = await sessionHeaders();
  if (headers === null) {
    return false;
  }
  const session = await call('GET', '/v1/session', headers);
  if (session === null || typeof session.userId !== 'string') {
    return false;
  }
  const item = `/v1/users/${encodeURIComponent(session.userId)}/inbox/${encodeURIComponent(id)}`;
  const done =
    action === 'snooze'
      ? await call('POST', `${item}/snooze`, headers, { for: '10m' })
      : await call('POST', `${item}/read`, headers, {});
  return done !== null;
}

/** The page: an open window of this origin comes forward, else one opens at `path`. */
async function showPage(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (app) {
    await app.focus();
    return;
  }
  await self.clients.openWindow(path);
}

/** The reminder's own link when it has one (seed 001 §2: tapping opens it), else the page. */
async function openReminder(url) {
  if (typeof url === 'string' && /^https?:\/\//i.test(url)) {
    await self.clients.openWindow(url);
    return;
  }
  await showPage('/');
}

/**
 * What a click on a shown reminder does: its Snooze or Done button answers the daemon and closes
 * it; a tap on the body opens its link. Named on `self` so a test can call it with a shown
 * notification (a script cannot dispatch a trusted `notificationclick`).
 */
self.ticklerNotificationClick = async (notification, action) => {
  const { id, url } = notification.data || {};
  notification.close();
  if ((action === 'snooze' || action === 'done') && typeof id === 'string') {
    const answered = await answerAction(action, id).catch(() => false);
    if (!answered) {
      await showPage('/');
    }
    return;
  }
  await openReminder(url);
};

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(self.ticklerNotificationClick(event.notification, event.action));
});
