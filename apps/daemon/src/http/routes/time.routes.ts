import { ParseTime } from '@tickler/notifications';
import { commandPayload } from '../command-payload';
import { type RouteSpec } from '../route';
import { ref } from '../contract/command-schemas';

/** `POST /v1/time/parse`: what a `when` text means, without scheduling anything. */
export function timeRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/time/parse',
      operationId: 'parseTime',
      summary:
        'Reads `when` ("tomorrow 9am", "in 2 hours", "next friday 17:00") in an IANA `timeZone` and answers the instant in UTC and local time, for a UI preview; schedules nothing. Partly understood text is 400 naming `when`. Anyone signed in (a token or the page\'s session).',
      access: 'signed-in',
      tag: 'time',
      requestBody: { name: 'ParseTimeBody', command: ParseTime },
      responses: { 200: { description: 'The resolved instant.', schema: ref('ParsedTime') } },
      handle: async ({ app, body }) => {
        const result = await app.bus.dispatchPlain(
          ParseTime.type,
          commandPayload(ParseTime.type, body, {}),
        );
        return { status: 200, body: result };
      },
    },
  ];
}
