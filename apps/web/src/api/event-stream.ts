import { sessionHeaders } from './client';

/** What {@link followEvents} reports. */
export interface EventStreamHandlers {
  /** One event frame (`data:`) arrived, about `aggregateId` (undefined when it names none). */
  readonly onEvent: (aggregateId: string | undefined) => void;
  /** The stream (re)opened; `again` is false the first time. */
  readonly onOpen: (again: boolean) => void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** The `aggregateId` of an event's JSON, if it has one (a gap frame, bad JSON: undefined). */
function aggregateOf(data: string): string | undefined {
  try {
    const id = (JSON.parse(data) as { aggregateId?: unknown }).aggregateId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** How a stream signs in: the session (the person's page) or a bearer (the operator page). */
export interface StreamSignIn {
  readonly headers: () => Record<string, string>;
  readonly credentials: RequestCredentials;
}

const SESSION: StreamSignIn = { headers: sessionHeaders, credentials: 'same-origin' };

/**
 * Follows a server-sent-events stream with `fetch`, signed in by the session's key (or
 * `signIn`'s headers): an `EventSource` cannot send a header, and the session's cookie alone
 * signs nobody in. Reconnects after a drop (0.5 s doubling to 30 s) with `Last-Event-ID`, as
 * `EventSource` does; a 401/403 ends it (signed out). Answers a function that stops it.
 */
export function followEvents(
  path: string,
  handlers: EventStreamHandlers,
  signIn: StreamSignIn = SESSION,
): () => void {
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let retryMs = FIRST_RETRY_MS;
  let opened = false;

  const readFrames = async (response: Response): Promise<void> => {
    const reader = response.body?.getReader();
    if (reader === undefined) {
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        const id = /^id: ?(.*)$/m.exec(frame)?.[1];
        if (id !== undefined) {
          lastEventId = id;
        }
        const data = /^data: ?(.*)$/m.exec(frame)?.[1];
        if (data !== undefined) {
          handlers.onEvent(aggregateOf(data));
        }
      }
    }
  };

  const run = async (): Promise<void> => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch(path, {
          credentials: signIn.credentials,
          headers: {
            ...signIn.headers(),
            accept: 'text/event-stream',
            ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
          },
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) {
          return;
        }
        if (response.ok) {
          handlers.onOpen(opened);
          opened = true;
          retryMs = FIRST_RETRY_MS;
          await readFrames(response);
        }
      } catch {
        // A drop or an abort: retried below unless stopped.
      }
      if (controller.signal.aborted) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
    }
  };
  void run();
  return () => controller.abort();
}
