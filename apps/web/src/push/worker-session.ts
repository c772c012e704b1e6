/**
 * Where the service worker finds the page's half of the session: this origin's Cache Storage,
 * which a worker can read and `localStorage` is not. It is as private as `localStorage` (this
 * scheme, host and port only); the worker needs it to answer a notification's Snooze and Done
 * without opening the page (the cookie alone does not sign a request in).
 */
export const WORKER_SESSION_CACHE = 'tickler-session';
/** The entry's key in {@link WORKER_SESSION_CACHE}; `public/sw.js` reads the same. */
export const WORKER_SESSION_ENTRY = '/session-key';

/** Keeps the worker's copy of the session key (`null`: signed out, the copy is deleted). */
export function shareSessionKeyWithWorker(key: string | null): void {
  if (typeof caches === 'undefined') {
    // Not a secure context: no service worker either.
    return;
  }
  void caches
    .open(WORKER_SESSION_CACHE)
    .then(async (cache) => {
      if (key === null) {
        await cache.delete(WORKER_SESSION_ENTRY);
      } else {
        await cache.put(WORKER_SESSION_ENTRY, new Response(key));
      }
    })
    .catch(() => undefined);
}
