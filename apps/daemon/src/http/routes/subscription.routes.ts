import { CommandValidationError } from '@tickler/core';
import { commandPayload } from '../command-payload';
import { NOTIFICATION_COMMANDS as C } from '../notification-commands';
import { type NewSubscriptionView, type SubscriptionView } from '@tickler/notifications';
import { type RouteSpec } from '../route';
import { recipientFromPath, toHttpView } from '../user-naming';
import { ref } from '../contract/command-schemas';

/**
 * The HTTP body names the kind (`{ kind: "webhook", url }`) so other kinds can be added later;
 * today's only command registers webhooks, so the route checks the kind and passes the rest.
 */
function webhookBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return body;
  }
  const { kind, ...rest } = body as Record<string, unknown>;
  if (kind !== 'webhook') {
    const url =
      typeof rest.url === 'string' ? [] : [{ path: 'url', message: 'url must be a string' }];
    throw new CommandValidationError(C.subscriptionRegister, [
      { path: 'kind', message: 'kind must be "webhook"' },
      ...url,
    ]);
  }
  return rest;
}

/** `/v1/users/{userId}/subscriptions[/{id}]` */
export function subscriptionRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/users/{userId}/subscriptions',
      operationId: 'registerWebhook',
      summary: 'Register a webhook endpoint; the signing secret is in this answer only.',
      access: 'user',
      tag: 'subscriptions',
      requestBody: 'RegisterWebhookBody',
      secret: true,
      responses: { 201: { description: 'Registered.', schema: ref('NewSubscription') } },
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(
          C.subscriptionRegister,
          webhookBody(body),
          recipientFromPath(params),
        );
        const created = await app.bus.dispatchPlain(C.subscriptionRegister, payload);
        return { status: 201, body: toHttpView(created as NewSubscriptionView) };
      },
    },
    {
      method: 'GET',
      path: '/v1/users/{userId}/subscriptions',
      operationId: 'listSubscriptions',
      summary: "The user's webhook endpoints (without secrets).",
      access: 'user',
      tag: 'subscriptions',
      responses: {
        200: {
          description: 'All of them.',
          schema: ref('SubscriptionList'),
        },
      },
      handle: async ({ app, params }) => {
        const result = await app.bus.dispatchPlain(C.subscriptionList, recipientFromPath(params));
        return { status: 200, body: { items: toHttpView(result as SubscriptionView[]) } };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/users/{userId}/subscriptions/{id}',
      operationId: 'removeSubscription',
      summary: 'Remove a webhook endpoint.',
      access: 'user',
      tag: 'subscriptions',
      requestBody: 'RemoveSubscriptionBody',
      responses: { 204: { description: 'Removed.' } },
      errorStatuses: [404],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(C.subscriptionRemove, body, {
          ...recipientFromPath(params),
          id: params.id ?? '',
        });
        await app.bus.dispatchPlain(C.subscriptionRemove, payload);
        return { status: 204 };
      },
    },
  ];
}
