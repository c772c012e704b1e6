import { type EventStreamHub } from '../../events/event-stream.hub';
import { type RouteSpec } from '../route';

const STREAM = {
  description:
    'Server-sent events: one `data:` JSON line `{ type, aggregateId, occurredAt, payload }` per domain event; `: heartbeat` comments every 15 s.',
  contentType: 'text/event-stream',
  schema: { type: 'string' },
};

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
      stream: ({ params }, _request, reply) => {
        reply.hijack();
        hub.open(reply.raw, params.userId ?? '');
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
      stream: (_input, _request, reply) => {
        reply.hijack();
        hub.open(reply.raw, undefined);
      },
    },
  ];
}
