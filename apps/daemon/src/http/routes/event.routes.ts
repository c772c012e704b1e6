import { createHash } from 'node:crypto';
import { CommandValidationError } from '@tickler/core';
import { type EventStreamHub } from '../../events/event-stream.hub';
import { type RouteSpec } from '../route';
import { sessionSecretOf } from '../session/session-cookie';

const STREAM = {
  description:
    'Server-sent events: one `data:` JSON line `{ type, aggregateId, occurredAt, payload }` per domain event; `: heartbeat` comments every 15 s.',
  contentType: 'text/event-stream',
  schema: { type: 'string' },
};

/**
 * The recipient-id alphabet of the notifications context. A stream for any other id could never
 * carry an event, so it is refused like the same id on every other user route (400), not opened.
 */
const USER_ID = /^[A-Za-z0-9._:@-]{1,200}$/;

/**
 * Who opens a stream, for the per-token cap: the bearer token, else the session cookie's
 * secret (the page's stream) — as a digest, so no secret is kept in the hub.
 */
function ownerOf(headers: { authorization?: string; cookie?: string }): string {
  const who = headers.authorization ?? `session ${sessionSecretOf(headers.cookie) ?? ''}`;
  return createHash('sha256').update(who).digest('hex');
}

/** Live streams of committed domain events (best effort: a disconnected client misses events). */
export function eventRoutes(hub: EventStreamHub): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/users/{userId}/events',
      operationId: 'streamUserEvents',
      summary: "Live stream of one user's notification events.",
      access: 'user',
      tag: 'events',
      responses: { 200: STREAM },
      errorStatuses: [429, 503],
      stream: ({ params, headers }, _request, reply) => {
        const userId = params.userId ?? '';
        if (!USER_ID.test(userId)) {
          throw new CommandValidationError('events.stream', [
            {
              path: 'userId',
              message: 'userId may contain only letters, digits and . _ : @ - (1–200 characters)',
            },
          ]);
        }
        const owner = ownerOf(headers);
        hub.admit(owner);
        reply.hijack();
        hub.open(reply.raw, userId, owner);
      },
    },
    {
      method: 'GET',
      path: '/v1/events',
      operationId: 'streamAllEvents',
      summary: 'Live stream of every domain event (admin).',
      access: 'admin',
      tag: 'events',
      responses: { 200: STREAM },
      errorStatuses: [429, 503],
      stream: ({ headers }, _request, reply) => {
        const owner = ownerOf(headers);
        hub.admit(owner);
        reply.hijack();
        hub.open(reply.raw, undefined, owner);
      },
    },
  ];
}
