import { CHANNEL_KINDS, GUARANTEES, SUBSCRIPTION_KINDS } from '@tickler/notifications';
import { type Schema } from '../route';
import { ref } from './command-schemas';
import { CALENDAR_VIEW_SCHEMAS } from './calendar-schemas';
import { SERIES_VIEW_SCHEMAS } from './series-view-schemas';

// JSON Schemas of what the daemon answers (views and errors), for the OpenAPI document. The
// views are plain TypeScript interfaces with no metadata to derive them from; request bodies
// are derived from the command classes (each route's `requestBody`, and body-schemas.ts).

const instant = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339 with offset; answered as ISO-8601 UTC.',
};
const nullableInstant = { type: ['string', 'null'], format: 'date-time' };
const nullableString = { type: ['string', 'null'] };

const ERROR: Schema = {
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

const NOTIFICATION: Schema = {
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
      description:
        'Each channel once it fired: the inbox (from its inbox row), then one entry per external send.',
      items: {
        type: 'object',
        properties: {
          channel: { enum: [...CHANNEL_KINDS] },
          subscriptionId: nullableString,
          status: { enum: ['pending', 'sending', 'sent', 'failed'] },
          attempts: { type: 'integer' },
          lastError: {
            ...nullableString,
            description:
              'A generic class: unreachable, connection-refused, timeout, http-3xx, http-4xx, http-5xx, refused-target, gone, paused, abandoned, …',
          },
          sentAt: nullableInstant,
        },
      },
    },
    status: {
      enum: ['scheduled', 'sending', 'sent', 'canceled', 'missed', 'failed'],
      description: 'sending: fired with only external channels, none has succeeded yet.',
    },
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
    snoozedFrom: { ...nullableString, description: 'The inbox item this reminder snoozes.' },
    repeat: ref('Repeat'),
    // What `when` resolved to: only on the answer to a create or an edit that gave one.
    resolvedWhen: ref('ParsedTime'),
    priority: { enum: ['normal', 'high'], description: 'high rings through quiet hours.' },
    deferredFrom: {
      ...nullableInstant,
      description:
        'The instant it was first meant for, when quiet hours or a digest window held it later.',
    },
    digestId: {
      ...nullableString,
      description: 'The digest it went out in; its inboxId is the digest’s inbox row.',
    },
  },
};

const SEND_BATCH_RESULT: Schema = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: { created: { type: 'boolean' }, delivery: ref('Notification') },
      },
    },
  },
};

function pageOf(item: Schema): Schema {
  return {
    type: 'object',
    required: ['items', 'nextCursor'],
    properties: { items: { type: 'array', items: item }, nextCursor: nullableString },
  };
}

const INBOX_ITEM: Schema = {
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

const SUBSCRIPTION: Schema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    kind: { enum: [...SUBSCRIPTION_KINDS] },
    url: { type: 'string', description: 'Webhook: the endpoint.' },
    guarantee: { enum: [...GUARANTEES] },
    default: { type: 'boolean', description: 'Used when a notification names no channels.' },
    active: { type: 'boolean' },
    deactivatedAt: nullableInstant,
    deactivatedReason: nullableString,
    pausedAt: nullableInstant,
    pausedReason: { ...nullableString, description: 'Why its sends were paused; resume it.' },
    createdAt: instant,
    updatedAt: instant,
  },
};

const NEW_SUBSCRIPTION: Schema = {
  ...SUBSCRIPTION,
  properties: {
    ...(SUBSCRIPTION.properties as object),
    secret: {
      type: 'string',
      description:
        'Webhook signing secret (Standard Webhooks, whsec_…); shown only once. Registering the same webhook again rotates it; the old one still signs for 24 h.',
    },
  },
};

const DELIVER_DUE_RESULT: Schema = {
  type: 'object',
  properties: {
    sent: { type: 'integer' },
    missed: { type: 'integer' },
    failed: { type: 'integer' },
    dispatched: {
      type: 'integer',
      description: 'Fired with only external channels (sending until their sends settle).',
    },
  },
};

const RECONCILE_RESULT: Schema = {
  type: 'object',
  properties: {
    created: { type: 'integer' },
    updated: { type: 'integer' },
    unchanged: { type: 'integer' },
    withdrawn: { type: 'integer' },
    pruned: { type: 'integer' },
  },
};

const USER_TOKEN: Schema = {
  type: 'object',
  required: ['id', 'userId', 'createdAt', 'expiresAt', 'expired'],
  properties: {
    id: { type: 'string', description: 'Names the token to revoke it.' },
    userId: { type: 'string' },
    createdAt: instant,
    expiresAt: nullableInstant,
    expired: { type: 'boolean' },
  },
};

const ISSUED_TOKEN: Schema = {
  type: 'object',
  required: ['id', 'token', 'userId', 'createdAt', 'expiresAt'],
  properties: {
    id: { type: 'string', description: 'Names the token to revoke it.' },
    token: { type: 'string', description: 'The bearer token; shown only once.' },
    userId: { type: 'string' },
    createdAt: instant,
    expiresAt: nullableInstant,
  },
};

const RECIPIENT_PROFILE: Schema = {
  type: 'object',
  required: [
    'userId',
    'timeZone',
    'quietHours',
    'inboxOnTime',
    'defaultLead',
    'digest',
    'updatedAt',
  ],
  properties: {
    userId: { type: 'string' },
    timeZone: { ...nullableString, description: 'IANA name; null = UTC.' },
    quietHours: {
      type: ['object', 'null'],
      properties: {
        start: { type: 'string', examples: ['22:00'] },
        end: { type: 'string', examples: ['07:00'] },
        days: {
          type: ['array', 'null'],
          items: { enum: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] },
          description: 'The days a window starts on; null = every day.',
        },
      },
    },
    inboxOnTime: {
      type: 'boolean',
      description: 'Inside quiet hours the inbox row is still written on time.',
    },
    defaultLead: { ...nullableString, examples: ['15m'] },
    digest: {
      type: ['object', 'null'],
      properties: {
        mode: { enum: ['tick', 'daily'] },
        at: { type: 'string', examples: ['08:00'] },
      },
    },
    updatedAt: { ...nullableInstant, description: 'null: never set (the defaults).' },
  },
};

/** Every answer's schema by its name in the document's `components.schemas`. */
export const VIEW_SCHEMAS: Readonly<Record<string, Schema>> = {
  ...SERIES_VIEW_SCHEMAS,
  ...CALENDAR_VIEW_SCHEMAS,
  Error: ERROR,
  Notification: NOTIFICATION,
  NotificationPage: pageOf(ref('Notification')),
  SendNotificationsResult: SEND_BATCH_RESULT,
  InboxItem: INBOX_ITEM,
  InboxPage: pageOf(ref('InboxItem')),
  Subscription: SUBSCRIPTION,
  SubscriptionList: {
    type: 'object',
    properties: { items: { type: 'array', items: ref('Subscription') } },
  },
  NewSubscription: NEW_SUBSCRIPTION,
  DeliverDueResult: DELIVER_DUE_RESULT,
  RecipientProfile: RECIPIENT_PROFILE,
  ReconcileResult: RECONCILE_RESULT,
  IssuedUserToken: ISSUED_TOKEN,
  UserToken: USER_TOKEN,
  UserTokenList: {
    type: 'object',
    properties: { items: { type: 'array', items: ref('UserToken') } },
  },
};
