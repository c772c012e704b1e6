import { ParseTime } from '@tickler/notifications';
import { type RouteSpec } from '../route';

const RESOLVED = {
  type: 'object',
  required: ['instant', 'timeZone', 'local', 'offset', 'readAs'],
  properties: {
    instant: { type: 'string', format: 'date-time' },
    timeZone: { type: 'string' },
    local: { type: 'string', description: 'Wall-clock time in timeZone, 2026-12-05T09:00:00.' },
    offset: { type: 'string', description: 'UTC offset then, +01:00.' },
    readAs: { enum: ['instant', 'from-now', 'local'] },
    gapShiftMinutes: { type: 'integer' },
    repeated: { type: 'boolean' },
    defaultTimeApplied: { type: 'boolean' },
  },
};

/** `POST /v1/time/parse`: a UI's live preview of a natural-language time (schedules nothing). */
export function timeRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/time/parse',
      operationId: 'parseTime',
      summary:
        'Read a natural-language time ("tomorrow 9am", "in 2 hours") in an IANA zone against the daemon\'s clock; answers the instant without scheduling anything. Partly understood text is 400 naming `when`.',
      access: 'signed-in',
      tag: 'time',
      requestBody: 'ParseTimeBody',
      responses: { 200: { description: 'The instant it means.', schema: RESOLVED } },
      errorStatuses: [400],
      handle: async ({ app, body }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(ParseTime.type, body),
      }),
    },
  ];
}
