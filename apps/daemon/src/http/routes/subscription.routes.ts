import { commandPayload } from '../command-payload';
import {
  type NewSubscriptionView,
  type SubscriptionView,
  ConfirmSubscription,
  ListSubscriptions,
  RegisterSubscription,
  RemoveSubscription,
  ResumeSubscription,
} from '@tickler/notifications';
import { type RouteSpec } from '../route';
import { recipientFromPath, toHttpView } from '../user-naming';
import { ref } from '../contract/command-schemas';

/** `/v1/users/{userId}/subscriptions[/{id}[/resume|/confirm]]` */
export function subscriptionRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/v1/users/{userId}/subscriptions',
      operationId: 'registerSubscription',
      summary:
        'Register a target for an external channel ({"kind":"webhook","url":…}, kind may be omitted for a webhook; {"kind":"push","subscription":{"endpoint":…,"keys":{"p256dh":…,"auth":…}}}, a browser PushSubscription, always default; {"kind":"email","address":…}, which receives nothing until confirmed with the code mailed to it; {"kind":"ntfy","server":"https://ntfy.sh","topic":…,"token":…} (server and token optional); optional guarantee and default). At most 10 per person and kind by default (409 NOTIFICATIONS.SUBSCRIPTION_LIMIT); confirmation codes at most one per address per 10 minutes and 5 per person per hour (429). Registering the same target again updates it in place (a webhook: a new secret, the old one still signs for 24 h) and resumes it. A secret is in this answer only.',
      access: 'user',
      tag: 'subscriptions',
      requestBody: {
        name: 'RegisterSubscriptionBody',
        command: RegisterSubscription,
        fromPath: ['recipientId'],
      },
      secret: true,
      responses: { 201: { description: 'Registered.', schema: ref('NewSubscription') } },
      errorStatuses: [409, 429],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(RegisterSubscription.type, body, recipientFromPath(params));
        const created = await app.bus.dispatchPlain(RegisterSubscription.type, payload);
        return { status: 201, body: toHttpView(created as NewSubscriptionView) };
      },
    },
    {
      method: 'GET',
      path: '/v1/users/{userId}/subscriptions',
      operationId: 'listSubscriptions',
      summary: "The user's subscriptions (without secrets); a paused or deactivated one says why.",
      access: 'user',
      tag: 'subscriptions',
      responses: {
        200: {
          description: 'All of them.',
          schema: ref('SubscriptionList'),
        },
      },
      handle: async ({ app, params }) => {
        const result = await app.bus.dispatchPlain(
          ListSubscriptions.type,
          recipientFromPath(params),
        );
        return { status: 200, body: { items: toHttpView(result as SubscriptionView[]) } };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/users/{userId}/subscriptions/{id}',
      operationId: 'removeSubscription',
      summary: 'Remove a subscription (its pending sends then fail as gone).',
      access: 'user',
      tag: 'subscriptions',
      requestBody: {
        name: 'RemoveSubscriptionBody',
        command: RemoveSubscription,
        fromPath: ['recipientId', 'id'],
      },
      responses: { 204: { description: 'Removed.' } },
      errorStatuses: [404],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(RemoveSubscription.type, body, {
          ...recipientFromPath(params),
          id: params.id ?? '',
        });
        await app.bus.dispatchPlain(RemoveSubscription.type, payload);
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: '/v1/users/{userId}/subscriptions/{id}/resume',
      operationId: 'resumeSubscription',
      summary:
        'Resume a subscription paused after its sends kept failing (one that is not paused is answered unchanged).',
      access: 'user',
      tag: 'subscriptions',
      requestBody: {
        name: 'ResumeSubscriptionBody',
        command: ResumeSubscription,
        fromPath: ['recipientId', 'id'],
      },
      responses: { 200: { description: 'The subscription.', schema: ref('Subscription') } },
      errorStatuses: [404],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(ResumeSubscription.type, body, {
          ...recipientFromPath(params),
          id: params.id ?? '',
        });
        const resumed = await app.bus.dispatchPlain(ResumeSubscription.type, payload);
        return { status: 200, body: toHttpView(resumed as SubscriptionView) };
      },
    },
    {
      method: 'POST',
      path: '/v1/users/{userId}/subscriptions/{id}/confirm',
      operationId: 'confirmSubscription',
      summary:
        'Confirm an email subscription with the code mailed to its address ({"code":"…"}); until then it receives nothing. A wrong code is 400 naming code; five wrong codes lock it (register the address again for a new code).',
      access: 'user',
      tag: 'subscriptions',
      requestBody: {
        name: 'ConfirmSubscriptionBody',
        command: ConfirmSubscription,
        fromPath: ['recipientId', 'id'],
      },
      responses: {
        200: { description: 'The subscription, confirmed.', schema: ref('Subscription') },
      },
      errorStatuses: [400, 404],
      handle: async ({ app, params, body }) => {
        const payload = commandPayload(ConfirmSubscription.type, body, {
          ...recipientFromPath(params),
          id: params.id ?? '',
        });
        const confirmed = await app.bus.dispatchPlain(ConfirmSubscription.type, payload);
        return { status: 200, body: toHttpView(confirmed as SubscriptionView) };
      },
    },
  ];
}
