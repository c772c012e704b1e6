import { commandPayload, queryPayload } from '../command-payload';
import {
  type InboxItemView,
  ListInbox,
  type NotificationView,
  type Page,
  MarkInboxRead,
  SnoozeInboxItem,
} from '@tickler/notifications';
import { type RouteSpec } from '../route';
import { recipientFromPath, toHttpView } from '../user-naming';
import { queryOf, ref } from '../contract/command-schemas';

/** `/v1/users/{userId}/inbox[/{id}/read|snooze]` */
export function inboxRoutes(): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/users/{userId}/inbox',
      operationId: 'listInbox',
      summary: "The user's delivered notifications, newest first.",
      access: 'user',
      tag: 'inbox',
      query: queryOf(ListInbox, ['recipientId']),
      responses: { 200: { description: 'One page.', schema: ref('InboxPage') } },
      errorStatuses: [400],
      handle: async ({ app, params, query }) => {
        const payload = queryPayload(query, ['limit']);
        if (payload.unreadOnly === 'true' || payload.unreadOnly === 'false') {
          payload.unreadOnly = payload.unreadOnly === 'true';
        }
        const result = await app.bus.dispatchPlain(ListInbox.type, {
          ...payload,
          ...recipientFromPath(params),
        });
        return { status: 200, body: toHttpView(result as Page<InboxItemView>) };
      },
    },
    {
      method: 'POST',
      path: '/v1/users/{userId}/inbox/{id}/read',
      operationId: 'markInboxRead',
      summary: 'Mark an inbox item read (again: unchanged).',
      access: 'user',
      tag: 'inbox',
      requestBody: {
        name: 'MarkInboxReadBody',
        command: MarkInboxRead,
        fromPath: ['recipientId', 'inboxId'],
      },
      responses: { 200: { description: 'The inbox item.', schema: ref('InboxItem') } },
      errorStatuses: [404],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(MarkInboxRead.type, body, {
          ...recipientFromPath(params),
          inboxId: params.id ?? '',
        });
        const item = (await app.bus.dispatchPlain(MarkInboxRead.type, payload)) as InboxItemView;
        return { status: 200, body: toHttpView(item) };
      },
    },
    {
      method: 'POST',
      path: '/v1/users/{userId}/inbox/{id}/snooze',
      operationId: 'snoozeInboxItem',
      summary:
        'Schedule the same content again for the same user, {"for":"10m"} from now or {"until":"<RFC 3339>"} (exactly one), linked to the item (snoozedFrom); the item is marked read.',
      access: 'user',
      tag: 'inbox',
      requestBody: {
        name: 'SnoozeInboxItemBody',
        command: SnoozeInboxItem,
        fromPath: ['recipientId', 'inboxId'],
      },
      responses: { 201: { description: 'The new reminder.', schema: ref('Notification') } },
      errorStatuses: [400, 404],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(SnoozeInboxItem.type, body, {
          ...recipientFromPath(params),
          inboxId: params.id ?? '',
        });
        const view = (await app.bus.dispatchPlain(
          SnoozeInboxItem.type,
          payload,
        )) as NotificationView;
        return { status: 201, body: toHttpView(view) };
      },
    },
  ];
}
