import { GetVapidPublicKey, type VapidPublicKeyView } from '@tickler/notifications';
import { type RouteSpec } from '../route';

/** `/v1/push/vapid-public-key` (no auth: every page that subscribes a browser needs it). */
export function pushRoutes(): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/push/vapid-public-key',
      operationId: 'getVapidPublicKey',
      summary:
        "The daemon's VAPID public key: pass it as applicationServerKey to pushManager.subscribe(), then register the subscription.",
      access: 'public',
      tag: 'push',
      responses: {
        200: {
          description: 'base64url uncompressed P-256 point (65 bytes).',
          schema: {
            type: 'object',
            required: ['publicKey'],
            properties: { publicKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{87}$' } },
          },
        },
      },
      handle: async ({ app }) => {
        const view: VapidPublicKeyView = await app.dispatch(new GetVapidPublicKey());
        return { status: 200, body: { publicKey: view.publicKey } };
      },
    },
  ];
}
