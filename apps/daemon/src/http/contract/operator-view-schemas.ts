import { CHANNEL_SEND_STATUSES } from '@tickler/notifications';
import { type Schema } from '../route';
import { ref } from './command-schemas';
import { instant, nullableInstant, nullableString } from './notification-view-schemas';

// The operator's view answers (`/v1/admin/…`), named in the document for the web app's types.

const OPERATOR_SEND: Schema = {
  type: 'object',
  required: [
    'id',
    'notificationId',
    'recipientId',
    'channel',
    'subscriptionId',
    'status',
    'attempts',
    'lastError',
    'dueAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'string' },
    notificationId: { type: 'string' },
    recipientId: { type: 'string' },
    channel: { type: 'string' },
    subscriptionId: nullableString,
    status: { type: 'string', enum: [...CHANNEL_SEND_STATUSES] },
    attempts: { type: 'integer' },
    lastError: nullableString,
    dueAt: nullableInstant,
    updatedAt: instant,
  },
};

/** The schemas of the operator's answers. */
export const OPERATOR_VIEW_SCHEMAS: Readonly<Record<string, Schema>> = {
  OperatorSend: OPERATOR_SEND,
  QueueInstants: {
    type: 'object',
    required: ['nextDeliveryAt', 'nextSendAt'],
    properties: { nextDeliveryAt: nullableInstant, nextSendAt: nullableInstant },
  },
  RetryAll: {
    type: 'object',
    required: ['retried', 'more'],
    properties: { retried: { type: 'integer' }, more: { type: 'boolean' } },
  },
  ChannelState: {
    type: 'object',
    required: ['kind', 'paused', 'pausedAt'],
    properties: {
      kind: { type: 'string' },
      paused: { type: 'boolean' },
      pausedAt: nullableInstant,
    },
  },
  ChannelStateList: {
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items: ref('ChannelState') } },
  },
  SubscriptionPause: {
    type: 'object',
    required: ['id', 'recipientId', 'kind', 'paused', 'pausedAt'],
    properties: {
      id: { type: 'string' },
      recipientId: { type: 'string' },
      kind: { type: 'string' },
      paused: { type: 'boolean' },
      pausedAt: nullableInstant,
    },
  },
  SubscriptionPauseList: {
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items: ref('SubscriptionPause') } },
  },
  OperatorSendList: {
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items: ref('OperatorSend') } },
  },
};
