import { type Principal } from '@tickler/auth';
import { CommandValidationError } from '@tickler/core';
import { type EventStreamHub } from '../../events/event-stream.hub';
import { type RouteSpec } from '../route';

const STREAM = {
  description:
    'Server-sent events: per domain event an `id:` line (`<epoch>-<seq>`, monotonic within a daemon process) and one `data:` JSON line `{ type, eventId, aggregateId, occurredAt, payload }`; `: heartbeat` comments every 15 s. Reconnecting with `Last-Event-ID` replays what followed it from a window of the last 1,000 events; when that id is older than the window or from another daemon process, an `event: stream.gap` frame (`{ type: "stream.gap", lastEventId, reason, replayed }`) comes first.',
  contentType: 'text/event-stream',
  schema: { type: 'string' },
};

/**
 * The recipient-id alphabet of the notifications context. A stream for any other id could never
 * carry an event, so it is refused like the same id on every other user route (400), not opened.
 */
const USER_ID = /^[A-Za-z0-9._:@-]{1,200}$/;

/** Printable ASCII, as the ids this daemon writes; anything else is not an id it wrote. */
const LAST_EVENT_ID = /^[\x21-\x7e]{1,64}$/;

/** The documented request header of both stream routes. */
const RESUME_HEADERS = {
  'Last-Event-ID':
    'Resume after this event id (sent by EventSource on reconnect). An unknown or expired id gives a `stream.gap` event first.',
};

/**
 * The `Last-Event-ID` header, or undefined when absent or empty (an empty id resets, per the
 * SSE specification). A malformed one is refused naming the header.
 */
function lastEventIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['last-event-id'];
  if (value === undefined || value === '') {
    return undefined;
  }
  if (typeof value !== 'string' || !LAST_EVENT_ID.test(value)) {
    throw new CommandValidationError('events.stream', [
      {
        path: 'Last-Event-ID',
        message: 'Last-Event-ID must be one id this daemon wrote (1–64 printable ASCII characters)',
      },
    ]);
  }
  return value;
}

/**
 * Who opens a stream, for the per-person cap: the person the token or session belongs to (all
 * their tokens and sessions together — one token opening many sessions, or spelling its
 * header many ways, is still one person), or the admin.
 */
function ownerOf(principal: Principal | undefined): string {
  return principal === undefined || principal.kind === 'admin'
    ? 'admin'
    : `user:${principal.userId}`;
}

/** Live streams of committed domain events, resumable within the hub's replay window. */
export function eventRoutes(hub: EventStreamHub): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/users/{userId}/events',
      operationId: 'streamUserEvents',
      summary: "Live stream of one user's notification events.",
      access: 'user',
      tag: 'events',
      headers: RESUME_HEADERS,
      responses: { 200: STREAM },
      errorStatuses: [400, 429, 503],
      stream: ({ params, headers, principal }, _request, reply) => {
        const userId = params.userId ?? '';
        if (!USER_ID.test(userId)) {
          throw new CommandValidationError('events.stream', [
            {
              path: 'userId',
              message: 'userId may contain only letters, digits and . _ : @ - (1–200 characters)',
            },
          ]);
        }
        const lastEventId = lastEventIdOf(headers);
        const owner = ownerOf(principal);
        hub.admit(owner);
        reply.hijack();
        hub.open(reply.raw, userId, owner, lastEventId);
      },
    },
    {
      method: 'GET',
      path: '/v1/events',
      operationId: 'streamAllEvents',
      summary: 'Live stream of every domain event (admin).',
      access: 'admin',
      tag: 'events',
      headers: RESUME_HEADERS,
      responses: { 200: STREAM },
      errorStatuses: [400, 429, 503],
      stream: ({ headers, principal }, _request, reply) => {
        const lastEventId = lastEventIdOf(headers);
        const owner = ownerOf(principal);
        hub.admit(owner);
        reply.hijack();
        hub.open(reply.raw, undefined, owner, lastEventId);
      },
    },
  ];
}
