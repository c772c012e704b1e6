import {
  GetQueueInstants,
  ListChannelStates,
  ListOperatorSends,
  ListPausedSubscriptions,
  PauseChannel,
  PauseSubscriptionSends,
  ResumeChannel,
  ResumeSubscriptionSends,
  RETRY_ALL_BATCH,
  RetryAllChannelSends,
  RetryChannelSend,
} from '@tickler/notifications';
import { commandPayload, queryPayload } from '../command-payload';
import { queryOf, ref } from '../contract/command-schemas';
import { type RouteSpec } from '../route';

/**
 * The operator's view (admin token only): failed and stuck channel sends, retrying them, the
 * queue's next instants, and pausing and resuming a channel kind or one subscription.
 */
export function adminRoutes(): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/v1/admin/sends',
      operationId: 'listOperatorSends',
      summary:
        'Failed (status=failed) or stuck (status=stuck: retrying after a failed attempt, or claimed by an instance whose lease ran out) channel sends, most recently changed first, with their last error; channel=<kind> narrows to one channel; limit 1–200 (default 50).',
      access: 'admin',
      tag: 'admin',
      query: queryOf(ListOperatorSends, []),
      responses: { 200: { description: 'At most limit sends.', schema: ref('OperatorSendList') } },
      errorStatuses: [400],
      handle: async ({ app, query }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(ListOperatorSends.type, queryPayload(query, ['limit'])),
      }),
    },
    {
      method: 'POST',
      path: '/v1/admin/sends/retry',
      operationId: 'retryAllChannelSends',
      summary: `Send every failed, not yet retried channel send again (each as in retryChannelSend), at most ${RETRY_ALL_BATCH} per call; optional body {"channel": "<kind>"} narrows to one channel. more: true when failed sends are left (call again).`,
      access: 'admin',
      tag: 'admin',
      requestBody: {
        name: 'RetryAllChannelSendsBody',
        command: RetryAllChannelSends,
        fromPath: [],
      },
      responses: { 202: { description: 'How many were retried.', schema: ref('RetryAll') } },
      errorStatuses: [400],
      handle: async ({ app, body }) => ({
        status: 202,
        body: await app.bus.dispatchPlain(
          RetryAllChannelSends.type,
          commandPayload(RetryAllChannelSends.type, body, {}),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/v1/admin/sends/{id}/retry',
      operationId: 'retryChannelSend',
      summary:
        'Send a failed channel send again: a new send (new id, fresh retry budget) of the same notification to the same subscription, due at once; the failed one stays as it was. 404 unknown id, 409 when the send is not failed.',
      access: 'admin',
      tag: 'admin',
      responses: { 202: { description: 'The new send.', schema: ref('OperatorSend') } },
      errorStatuses: [400, 404, 409],
      handle: async ({ app, params }) => ({
        status: 202,
        body: await app.bus.dispatchPlain(RetryChannelSend.type, { id: params.id ?? '' }),
      }),
    },
    {
      method: 'GET',
      path: '/v1/admin/queue',
      operationId: 'getQueueInstants',
      summary:
        "The queue's next instants: when the dispatcher fires the next scheduled notification and when the send loop looks at the next live channel send (null when there is none).",
      access: 'admin',
      tag: 'admin',
      responses: { 200: { description: 'The two instants.', schema: ref('QueueInstants') } },
      handle: async ({ app }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(GetQueueInstants.type, {}),
      }),
    },
    {
      method: 'GET',
      path: '/v1/admin/channels',
      operationId: 'listChannelStates',
      summary: 'Every external channel kind and whether the operator paused it (since when).',
      access: 'admin',
      tag: 'admin',
      responses: { 200: { description: 'The kinds.', schema: ref('ChannelStateList') } },
      handle: async ({ app }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(ListChannelStates.type, {}),
      }),
    },
    {
      method: 'POST',
      path: '/v1/admin/channels/{kind}/pause',
      operationId: 'pauseChannel',
      summary:
        'Pause a channel kind: its sends wait (pending, not claimed, not failed) until it is resumed, across restarts; sends already under way finish. Pausing a paused kind keeps its first instant. 400 naming kind for one that is not webhook, push, email or ntfy.',
      access: 'admin',
      tag: 'admin',
      responses: { 200: { description: 'The kind, paused.', schema: ref('ChannelState') } },
      errorStatuses: [400],
      handle: async ({ app, params }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(PauseChannel.type, { kind: params.kind ?? '' }),
      }),
    },
    {
      method: 'POST',
      path: '/v1/admin/channels/{kind}/resume',
      operationId: 'resumeChannel',
      summary:
        'Resume a paused channel kind: its waiting sends go at once. Resuming a running kind changes nothing. 400 naming kind for an unknown one.',
      access: 'admin',
      tag: 'admin',
      responses: { 200: { description: 'The kind, running.', schema: ref('ChannelState') } },
      errorStatuses: [400],
      handle: async ({ app, params }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(ResumeChannel.type, { kind: params.kind ?? '' }),
      }),
    },
    {
      method: 'GET',
      path: '/v1/admin/subscriptions',
      operationId: 'listPausedSubscriptions',
      summary:
        'The subscriptions the operator paused (oldest pause first), with their owner and kind.',
      access: 'admin',
      tag: 'admin',
      responses: {
        200: { description: 'The paused ones.', schema: ref('SubscriptionPauseList') },
      },
      handle: async ({ app }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(ListPausedSubscriptions.type, {}),
      }),
    },
    {
      method: 'POST',
      path: '/v1/admin/subscriptions/{id}/pause',
      operationId: 'pauseSubscriptionSends',
      summary:
        'Pause one subscription: its sends wait (pending, not claimed, not failed) until it is resumed, across restarts; new notifications still queue sends for it. Pausing a paused one keeps its first instant. Not the pause a subscription gets when its sends keep failing (that one fails them). 404 for an unknown id.',
      access: 'admin',
      tag: 'admin',
      responses: { 200: { description: 'It, paused.', schema: ref('SubscriptionPause') } },
      errorStatuses: [400, 404],
      handle: async ({ app, params }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(PauseSubscriptionSends.type, { id: params.id ?? '' }),
      }),
    },
    {
      method: 'POST',
      path: '/v1/admin/subscriptions/{id}/resume',
      operationId: 'resumeSubscriptionSends',
      summary:
        'Resume a subscription the operator paused: its waiting sends go at once. Resuming a running one changes nothing. 404 for an unknown id.',
      access: 'admin',
      tag: 'admin',
      responses: { 200: { description: 'It, running.', schema: ref('SubscriptionPause') } },
      errorStatuses: [400, 404],
      handle: async ({ app, params }) => ({
        status: 200,
        body: await app.bus.dispatchPlain(ResumeSubscriptionSends.type, { id: params.id ?? '' }),
      }),
    },
  ];
}
