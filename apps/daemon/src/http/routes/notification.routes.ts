import { CommandValidationError } from '@tickler/core';
import {
  ListNotifications,
  ListOccurrences,
  type NotificationView,
  type Page,
  type SendNotificationResult,
  CancelNotification,
  DeleteNotification,
  GetNotification,
  RescheduleNotification,
  SendNotification,
  SendNotificationNow,
  UncancelNotification,
} from '@tickler/notifications';
import { commandPayload, queryPayload } from '../command-payload';
import { type RouteInput, type RouteSpec } from '../route';
import { recipientFromPath, toHttpView } from '../user-naming';
import { queryOf, ref } from '../contract/command-schemas';

const BASE = '/v1/users/{userId}/notifications';
const ONE = `${BASE}/{id}`;

/** The `Idempotency-Key` header becomes the command's `idempotencyKey` (one source, not two). */
function withIdempotencyKey(payload: unknown, header: string | string[] | undefined): unknown {
  if (header === undefined) {
    return payload;
  }
  if (
    Array.isArray(header) ||
    (payload as { idempotencyKey?: unknown }).idempotencyKey !== undefined
  ) {
    throw new CommandValidationError(SendNotification.type, [
      {
        path: 'Idempotency-Key',
        message:
          'give the idempotency key once: one Idempotency-Key header, no idempotencyKey field',
      },
    ]);
  }
  return { ...(payload as object), idempotencyKey: header };
}

/** Dispatches a command about one delivery of the path's user. */
function onDelivery(type: string) {
  return async ({ app, params, body }: RouteInput) => {
    const fromPath = { ...recipientFromPath(params), id: params.id ?? '' };
    const result = await app.bus.dispatchPlain(type, commandPayload(type, body, fromPath));
    return { status: 200, body: toHttpView(result as NotificationView) };
  };
}

/** `/v1/users/{userId}/notifications[/{id}[/cancel|/send-now]]` */
export function notificationRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: BASE,
      operationId: 'sendNotification',
      summary:
        'Send now (no `when`, no or past scheduledAt) or schedule a notification: at `scheduledAt`, or at `when` ("tomorrow 9am", "in 2 hours") read in `timeZone` (default: the profile\'s) and answered as `resolvedWhen`; both at once, or `timeZone` without `when`, is 400 naming the fields. Replaying an Idempotency-Key with the same request answers 200 with the same delivery; with another request (any field), 409 IDEMPOTENCY.KEY_REUSED; once that delivery was deleted, 409 IDEMPOTENCY.NOTIFICATION_DELETED.',
      access: 'user',
      tag: 'notifications',
      requestBody: {
        name: 'SendNotificationBody',
        command: SendNotification,
        fromPath: ['recipientId'],
      },
      errorStatuses: [409],
      headers: {
        'Idempotency-Key': 'Makes the call safe to retry: the same key returns the same delivery.',
      },
      responses: {
        201: {
          description: 'Created (status `sent` or `scheduled`).',
          schema: ref('Notification'),
        },
        200: {
          description: 'Idempotent replay: the delivery created earlier with this key.',
          schema: ref('Notification'),
        },
      },
      handle: async ({ app, params, body, headers }) => {
        const payload = withIdempotencyKey(
          commandPayload(SendNotification.type, body, recipientFromPath(params)),
          headers['idempotency-key'],
        );
        const result = (await app.bus.dispatchPlain(
          SendNotification.type,
          payload,
        )) as SendNotificationResult;
        return { status: result.created ? 201 : 200, body: toHttpView(result.delivery) };
      },
    },
    {
      method: 'GET',
      path: BASE,
      operationId: 'listNotifications',
      summary:
        "The user's notifications ordered by scheduledAt (immediate sends by creation time).",
      access: 'user',
      tag: 'notifications',
      query: queryOf(ListNotifications, ['recipientId']),
      responses: { 200: { description: 'One page.', schema: ref('NotificationPage') } },
      errorStatuses: [400],
      handle: async ({ app, params, query }) => {
        const result = await app.bus.dispatchPlain(ListNotifications.type, {
          ...queryPayload(query, ['limit']),
          ...recipientFromPath(params),
        });
        return { status: 200, body: toHttpView(result as Page<NotificationView>) };
      },
    },
    {
      method: 'GET',
      path: ONE,
      operationId: 'getNotification',
      summary: 'One notification.',
      access: 'user',
      tag: 'notifications',
      responses: { 200: { description: 'The delivery.', schema: ref('Notification') } },
      errorStatuses: [404],
      handle: onDelivery(GetNotification.type),
    },
    {
      method: 'PATCH',
      path: ONE,
      operationId: 'editNotification',
      summary:
        'Edit a scheduled notification (title, message, url, channels, repeat, and scheduledAt or `when` + `timeZone` as on create). `{"status": "canceled"}` (with `scope` at most) cancels it, as `POST …/cancel` does (seed 001 §5.1).',
      access: 'user',
      tag: 'notifications',
      requestBody: {
        name: 'EditNotificationBody',
        command: RescheduleNotification,
        fromPath: ['recipientId', 'id'],
      },
      responses: { 200: { description: 'The edited delivery.', schema: ref('Notification') } },
      errorStatuses: [404, 409],
      handle: onDelivery(RescheduleNotification.type),
    },
    {
      method: 'DELETE',
      path: ONE,
      operationId: 'deleteNotification',
      summary:
        "Delete a notification (any status but sending), answering it as it was. One an app made is deleted too, but comes back on the app's next reconcile while still in its plan: cancel it to keep it away (the canceled row is the tombstone).",
      access: 'user',
      tag: 'notifications',
      requestBody: {
        name: 'DeleteNotificationBody',
        command: DeleteNotification,
        fromPath: ['recipientId', 'id'],
      },
      responses: { 200: { description: 'The deleted delivery.', schema: ref('Notification') } },
      errorStatuses: [404, 409],
      handle: onDelivery(DeleteNotification.type),
    },
    {
      method: 'POST',
      path: `${ONE}/cancel`,
      operationId: 'cancelNotification',
      summary:
        'Cancel a scheduled notification (again, or once sent: 200, unchanged). Of a recurring series, `{"scope": "this"}` (the default) cancels this occurrence and the next is scheduled; `{"scope": "series"}` ends the series.',
      access: 'user',
      tag: 'notifications',
      requestBody: {
        name: 'CancelNotificationBody',
        command: CancelNotification,
        fromPath: ['recipientId', 'id'],
      },
      responses: { 200: { description: 'The canceled delivery.', schema: ref('Notification') } },
      errorStatuses: [404, 409],
      handle: onDelivery(CancelNotification.type),
    },
    {
      method: 'POST',
      path: `${ONE}/uncancel`,
      operationId: 'uncancelNotification',
      summary:
        'Undo a cancel within 10 minutes of it: scheduled again at its instant. After that 409 NOTIFICATIONS.UNDO_EXPIRED; an occurrence of a recurring series, or a row not canceled, 409 NOTIFICATIONS.NOT_SCHEDULED.',
      access: 'user',
      tag: 'notifications',
      requestBody: {
        name: 'UncancelNotificationBody',
        command: UncancelNotification,
        fromPath: ['recipientId', 'id'],
      },
      responses: { 200: { description: 'The scheduled delivery.', schema: ref('Notification') } },
      errorStatuses: [404, 409],
      handle: onDelivery(UncancelNotification.type),
    },
    {
      method: 'GET',
      path: `${ONE}/occurrences`,
      operationId: 'listOccurrences',
      summary:
        'The series a recurring notification belongs to: what became of each occurrence (instant, outcome, reason) and the next `count` (1–100, default 10) instants in UTC and local time. 409 NOTIFICATIONS.NOT_RECURRING for a one-off.',
      access: 'user',
      tag: 'notifications',
      query: queryOf(ListOccurrences, ['recipientId', 'id']),
      responses: { 200: { description: 'The series.', schema: ref('Occurrences') } },
      errorStatuses: [400, 404, 409],
      handle: async ({ app, params, query }) => {
        const result = await app.bus.dispatchPlain(ListOccurrences.type, {
          ...queryPayload(query, ['count']),
          ...recipientFromPath(params),
          id: params.id ?? '',
        });
        return { status: 200, body: toHttpView(result) };
      },
    },
    {
      method: 'POST',
      path: `${ONE}/send-now`,
      operationId: 'sendNotificationNow',
      summary: 'Deliver a scheduled notification now (409 when not scheduled).',
      access: 'user',
      tag: 'notifications',
      requestBody: {
        name: 'SendNotificationNowBody',
        command: SendNotificationNow,
        fromPath: ['recipientId', 'id'],
      },
      responses: { 200: { description: 'The sent delivery.', schema: ref('Notification') } },
      errorStatuses: [404, 409],
      handle: onDelivery(SendNotificationNow.type),
    },
  ];
}
