import { followEvents } from '../api/event-stream';

/** Least time between two reads while events keep coming (a drain publishes thousands). */
const SPACING_MS = 1_000;

/**
 * Reads the operator page's data again whenever the daemon says something happened: the admin
 * event stream (`/v1/events`, the admin token as a bearer) instead of a timer, so an open page
 * wakes neither the browser nor the daemon while nothing happens. A read starts at once for
 * the first event after a quiet spell; events during a read, or within {@link SPACING_MS} of
 * its end, are folded into one more read. A reconnected stream reads again (events may have
 * been missed). Answers a function that stops following.
 */
export function refreshOnEvents(token: string, reload: () => Promise<void>): () => void {
  let reading = false;
  let pending = false;
  let spacing: number | undefined;

  const read = (): void => {
    spacing = undefined;
    reading = true;
    pending = false;
    void reload().finally(() => {
      reading = false;
      if (pending) {
        spacing = window.setTimeout(read, SPACING_MS);
      }
    });
  };
  const changed = (): void => {
    if (reading || spacing !== undefined) {
      pending = true;
    } else {
      read();
    }
  };
  const stop = followEvents(
    '/v1/events',
    { onEvent: changed, onOpen: (again) => again && changed() },
    { headers: () => ({ authorization: `Bearer ${token}` }), credentials: 'omit' },
  );
  return () => {
    stop();
    window.clearTimeout(spacing);
  };
}
