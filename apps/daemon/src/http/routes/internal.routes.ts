import { commandPayload } from '../command-payload';
import { NOTIFICATION_COMMANDS as C } from '../notification-commands';
import { type RouteSpec } from '../route';
import { DELIVER_DUE_BODY, DELIVER_DUE_RESULT, RECONCILE_BODY, RECONCILE_RESULT } from '../schemas';

/** A reconcile plan can hold thousands of entries. */
const RECONCILE_BODY_LIMIT = 8 * 1024 * 1024;

/** Admin-only operations: run the dispatcher now; hand over a producer's whole plan. */
export function internalRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/notifications/deliver-due',
      operationId: 'deliverDue',
      summary: 'Settle every due delivery now (or only `id`).',
      access: 'admin',
      tag: 'internal',
      requestBody: DELIVER_DUE_BODY,
      responses: { 200: { description: 'What this run did.', schema: DELIVER_DUE_RESULT } },
      handle: async ({ app, body }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(C.deliverDue, commandPayload(C.deliverDue, body, {})),
      }),
    },
    {
      method: 'POST',
      path: '/v1/reconcile',
      operationId: 'reconcile',
      summary:
        "Hand over a producer app's whole plan: create, patch drifted, withdraw missing, prune old.",
      access: 'admin',
      tag: 'internal',
      requestBody: RECONCILE_BODY,
      bodyLimit: RECONCILE_BODY_LIMIT,
      responses: { 200: { description: 'What changed.', schema: RECONCILE_RESULT } },
      handle: async ({ app, body }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(C.reconcile, commandPayload(C.reconcile, body, {})),
      }),
    },
  ];
}
