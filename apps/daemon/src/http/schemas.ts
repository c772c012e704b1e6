import {
  CHANNEL_KINDS,
  GUARANTEES,
  MAX_CHANNELS,
  SUBSCRIPTION_KINDS,
} from '@tickler/notifications';
import { type Schema } from './route';

// JSON Schemas of the HTTP contract, for the OpenAPI document only: the command classes'
// class-validator rules are what actually validates a body.

const instant = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339 with offset; answered as ISO-8601 UTC.',
};
const nullableInstant = { type: ['string', 'null'], format: 'date-time' };
const nullableString = { type: ['string', 'null'] };
const CHANNELS = {
  type: 'array',
  maxItems: MAX_CHANNELS,
  uniqueItems: true,
  items: { enum: [...CHANNEL_KINDS] },
  description:
    'Channels to reach the user over; omitted = inbox + push + subscriptions marked default.',
};

export const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', examples: ['VALIDATION_FAILED', 'NOTIFICATIONS.NOT_FOUND'] },
        message: { type: 'string' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

const SOURCE = {
  type: 'object',
  required: ['app', 'key'],
  properties: {
    app: { type: 'string' },
    key: { type: 'string' },
    collection: { type: 'string' },
    id: { type: 'string' },
  },
  additionalProperties: false,
};

export const NOTIFICATION_SCHEMA: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    requestedChannels: {
      type: ['array', 'null'],
      items: { enum: [...CHANNEL_KINDS] },
      description: 'The channels asked for; null = the default set.',
    },
    channels: {
      type: 'array',
      description: 'Each channel once it fired: the inbox, then one entry per external send.',
      items: {
        type: 'object',
        properties: {
          channel: { enum: [...CHANNEL_KINDS] },
          subscriptionId: nullableString,
          status: { enum: ['pending', 'sending', 'sent', 'failed'] },
          attempts: { type: 'integer' },
          lastError: nullableString,
          sentAt: nullableInstant,
        },
      },
    },
    status: { enum: ['scheduled', 'sending', 'sent', 'canceled', 'missed', 'failed'] },
    title: { type: 'string' },
    message: { type: 'string' },
    url: nullableString,
    scheduledAt: nullableInstant,
    sentAt: nullableInstant,
    attempts: { type: 'integer' },
    lastError: nullableString,
    inboxId: nullableString,
    source: { type: ['object', 'null'] },
    idempotencyKey: nullableString,
    eventAt: nullableInstant,
    expiresAt: nullableInstant,
    missedReason: {
      type: ['string', 'null'],
      enum: ['too-late', 'event-started', 'expired', 'dry-run', null],
    },
    createdAt: instant,
    updatedAt: instant,
  },
};

export const SEND_BODY: Schema = {
  type: 'object',
  required: ['title', 'message'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', maxLength: 200 },
    message: { type: 'string', maxLength: 4000 },
    url: { type: 'string', maxLength: 2000 },
    scheduledAt: instant,
    channels: CHANNELS,
    channel: {
      enum: [...CHANNEL_KINDS],
      description: 'Older alias of channels: "channel":"webhook" ≡ "channels":["webhook"].',
    },
    eventAt: instant,
    expiresAt: instant,
    rule: {
      type: 'string',
      description: 'Derive scheduledAt from eventAt/expiresAt.',
      examples: ['lead:3600', 'lead:0@expiry'],
    },
    source: SOURCE,
  },
};

export const SEND_BATCH_BODY: Schema = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      maxItems: 10_000,
      items: {
        ...SEND_BODY,
        required: ['userId', 'title', 'message'],
        properties: {
          userId: { type: 'string' },
          ...(SEND_BODY.properties as object),
          idempotencyKey: {
            type: 'string',
            description:
              'Replaying a key (stored, or earlier in the batch) answers that delivery with created: false.',
          },
        },
      },
    },
  },
};

export const SEND_BATCH_RESULT: Schema = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: { created: { type: 'boolean' }, delivery: NOTIFICATION_SCHEMA },
      },
    },
  },
};

export const PATCH_BODY: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: { type: 'string' },
    message: { type: 'string' },
    url: { type: 'string' },
    scheduledAt: instant,
    channels: CHANNELS,
    channel: { enum: [...CHANNEL_KINDS], description: 'Older alias of channels.' },
  },
};

export function pageOf(item: Schema): Schema {
  return {
    type: 'object',
    required: ['items', 'nextCursor'],
    properties: { items: { type: 'array', items: item }, nextCursor: nullableString },
  };
}

export const INBOX_ITEM_SCHEMA: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    notificationId: { type: 'string' },
    title: { type: 'string' },
    message: { type: 'string' },
    url: nullableString,
    createdAt: instant,
    readAt: nullableInstant,
  },
};

export const SUBSCRIPTION_SCHEMA: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    kind: { enum: [...SUBSCRIPTION_KINDS] },
    url: { type: 'string', description: 'Webhook: the endpoint.' },
    guarantee: { enum: [...GUARANTEES] },
    default: { type: 'boolean' },
    active: { type: 'boolean' },
    deactivatedAt: nullableInstant,
    deactivatedReason: nullableString,
    pausedAt: nullableInstant,
    pausedReason: nullableString,
    createdAt: instant,
    updatedAt: instant,
  },
};

export const NEW_SUBSCRIPTION_SCHEMA: Schema = {
  ...SUBSCRIPTION_SCHEMA,
  properties: {
    ...(SUBSCRIPTION_SCHEMA.properties as object),
    secret: {
      type: 'string',
      description:
        'Webhook signing secret (Standard Webhooks, whsec_…); shown only once. Re-registering rotates it.',
    },
  },
};

export const SUBSCRIPTION_BODY: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    kind: { enum: [...SUBSCRIPTION_KINDS], description: 'Omitted: webhook.' },
    url: { type: 'string', format: 'uri', description: 'Webhook: http(s), no user:password@.' },
    guarantee: {
      enum: [...GUARANTEES],
      description:
        'at-least-once (default) sends again when an outcome is unknown; at-most-once fails instead.',
    },
    default: { type: 'boolean', description: 'Used when a notification names no channels.' },
  },
};

export const DELIVER_DUE_BODY: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: { id: { type: 'string' } },
};

export const DELIVER_DUE_RESULT: Schema = {
  type: 'object',
  properties: {
    sent: { type: 'integer' },
    missed: { type: 'integer' },
    failed: { type: 'integer' },
    dispatched: { type: 'integer', description: 'Fired with only external channels (sending).' },
  },
};

export const RECONCILE_BODY: Schema = {
  type: 'object',
  required: ['sourceApp', 'planned'],
  additionalProperties: false,
  properties: {
    sourceApp: { type: 'string' },
    pruneAfterDays: { type: 'integer', minimum: 0 },
    planned: {
      type: 'array',
      items: {
        type: 'object',
        required: ['userId', 'sourceKey', 'title', 'message'],
        properties: {
          userId: { type: 'string' },
          sourceKey: { type: 'string' },
          title: { type: 'string' },
          message: { type: 'string' },
          url: { type: 'string' },
          scheduledAt: instant,
          eventAt: instant,
          expiresAt: instant,
          rule: { type: 'string', examples: ['lead:3600', 'lead:0@expiry'] },
          sourceCollection: { type: 'string' },
          sourceId: { type: 'string' },
        },
      },
    },
  },
};

export const RECONCILE_RESULT: Schema = {
  type: 'object',
  properties: {
    created: { type: 'integer' },
    updated: { type: 'integer' },
    unchanged: { type: 'integer' },
    withdrawn: { type: 'integer' },
    pruned: { type: 'integer' },
  },
};

export const TOKEN_RESULT: Schema = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string' } },
};
