import { type ActionLinkOutcome, FollowActionLink } from '@tickler/notifications';
import { type RouteSpec } from '../route';

/**
 * `/v1/actions/{token}`: the Snooze / Done buttons of a phone notification (ntfy). Public: the
 * token is the credential (the phone's app holds no token or session of the person), signed by
 * the daemon for one action on one inbox item, valid 7 days; `TICKLER_PUBLIC_URL` says where
 * phones reach this route.
 */
export function actionRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/actions/{token}',
      operationId: 'followActionLink',
      summary:
        "Press a notification's button: Done marks the inbox item read, Snooze 10 min schedules it again in 10 minutes (once: a second press or a replay makes no second reminder).",
      access: 'public',
      tag: 'inbox',
      secret: true,
      responses: {
        200: {
          description: 'What the button did.',
          schema: {
            type: 'object',
            required: ['action', 'inboxId', 'applied'],
            properties: {
              action: { type: 'string', enum: ['done', 'snooze'] },
              inboxId: { type: 'string' },
              applied: { type: 'boolean' },
              notificationId: { type: 'string' },
              scheduledAt: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
      errorStatuses: [400, 404],
      handle: async ({ app, params }) => {
        const outcome = (await app.bus.dispatchPlain(FollowActionLink.type, {
          token: params.token ?? '',
        })) as ActionLinkOutcome;
        return { status: 200, body: outcome };
      },
    },
  ];
}
