import {
  ReconcileScheduled,
  SendNotifications,
  type SendNotificationsResult,
  DeliverDueNotifications,
} from '@tickler/notifications';
import { commandPayload } from '../command-payload';
import { type RouteSpec } from '../route';
import { dispatchBulk, toHttpView } from '../user-naming';
import { ref } from '../contract/command-schemas';

/** A reconcile plan or a send batch can hold thousands of entries. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** Admin-only operations: run the dispatcher now; hand over a producer's whole plan; send many. */
export function internalRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/notifications/deliver-due',
      operationId: 'deliverDue',
      summary: 'Settle every due delivery now (or only `id`).',
      access: 'admin',
      tag: 'internal',
      requestBody: { name: 'DeliverDueBody', command: DeliverDueNotifications },
      responses: { 200: { description: 'What this run did.', schema: ref('DeliverDueResult') } },
      handle: async ({ app, body }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(
          DeliverDueNotifications.type,
          commandPayload(DeliverDueNotifications.type, body, {}),
        ),
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
      requestBody: { name: 'ReconcileBody', command: ReconcileScheduled },
      bodyLimit: BULK_BODY_LIMIT,
      limitsOf: ReconcileScheduled,
      responses: { 200: { description: 'What changed.', schema: ref('ReconcileResult') } },
      handle: async ({ app, body }) => ({
        status: 200,
        body: await dispatchBulk(
          app,
          ReconcileScheduled.type,
          commandPayload(ReconcileScheduled.type, body, {}),
          'planned',
        ),
      }),
    },
    {
      method: 'POST',
      path: '/v1/notifications/batch',
      operationId: 'sendNotifications',
      summary:
        'Send or schedule up to 10,000 notifications, each like POST /v1/users/{userId}/notifications (userId per item), in one transaction: all or nothing.',
      access: 'admin',
      tag: 'internal',
      requestBody: {
        name: 'SendNotificationsBody',
        command: SendNotifications,
        replace: { items: (items) => ({ ...items, items: ref('BatchItem') }) },
      },
      bodyLimit: BULK_BODY_LIMIT,
      limitsOf: SendNotifications,
      responses: {
        200: {
          description: 'One result per item, in order.',
          schema: ref('SendNotificationsResult'),
        },
      },
      handle: async ({ app, body }) => {
        const result = await dispatchBulk(app, SendNotifications.type, body, 'items');
        return { status: 200, body: toHttpView(result as SendNotificationsResult) };
      },
    },
  ];
}
