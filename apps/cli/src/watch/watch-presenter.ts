import { type SseEvent } from './sse-parser';

/** The data of one stream event as the daemon writes it. */
export interface StreamEventData {
  readonly type: string;
  readonly aggregateId?: string;
  readonly occurredAt?: string;
  readonly payload?: Record<string, unknown>;
  readonly [key: string]: unknown;
}

/** What `watch` does with one event: a popup (title + body), a note, or nothing. */
export type Presentation =
  | { readonly kind: 'popup'; readonly title: string; readonly body: string }
  | { readonly kind: 'note'; readonly text: string }
  | { readonly kind: 'none' };

function text(payload: Record<string, unknown> | undefined, name: string): string {
  const value = payload?.[name];
  return typeof value === 'string' ? value : '';
}

/** The event's JSON data, or undefined when it is not JSON (never from this daemon). */
export function parseData(event: SseEvent): StreamEventData | undefined {
  try {
    const data = JSON.parse(event.data) as unknown;
    return typeof data === 'object' &&
      data !== null &&
      typeof (data as StreamEventData).type === 'string'
      ? (data as StreamEventData)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a person should notice: a delivery is a popup with its title and message (its link when
 * there is no message), and so is the notice of reminders missed while the daemon was off
 * (each missed one is not: the notice names them all); a gap in the stream is a note pointing at the inbox. The rest of the
 * lifecycle (scheduled, rescheduled, canceled) is what the person did themselves: nothing.
 */
export function present(data: StreamEventData): Presentation {
  if (data.type === 'notifications.sent') {
    const message = text(data.payload, 'message') || text(data.payload, 'url');
    return { kind: 'popup', title: text(data.payload, 'title'), body: message };
  }
  if (data.type === 'notifications.missed-notice') {
    // The catch-up's one notice ("3 reminders were missed while Tickler was off", the titles).
    return {
      kind: 'popup',
      title: text(data.payload, 'title'),
      body: text(data.payload, 'message'),
    };
  }
  if (data.type === 'stream.gap') {
    return {
      kind: 'note',
      text: 'some events could not be replayed (the daemon restarted, or the connection was down too long); `tickler inbox` has every delivery',
    };
  }
  return { kind: 'none' };
}

/** `09:05` local, for the terminal line. */
export function clockTime(iso: string | undefined): string {
  const at = iso === undefined ? new Date() : new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
