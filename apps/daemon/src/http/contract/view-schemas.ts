import { GUARANTEES, SUBSCRIPTION_KINDS } from '@tickler/notifications';
import { type Schema } from '../route';
import { ref } from './command-schemas';
import { CALENDAR_VIEW_SCHEMAS } from './calendar-schemas';
import { OPERATOR_VIEW_SCHEMAS } from './operator-view-schemas';
import { SERIES_VIEW_SCHEMAS } from './series-view-schemas';
import { SESSION_VIEW, STARTED_SESSION_VIEW } from './session-view-schemas';
import {
  ESCALATION,
  FALLBACK,
  INBOX_ITEM,
  instant,
  NOTIFICATION,
  NOTIFICATION_SOURCE,
  nullableInstant,
  nullableString,
} from './notification-view-schemas';

// JSON Schemas of what the daemon answers (views and errors), for the OpenAPI document. The
// views are plain TypeScript interfaces with no metadata to derive them from: those declared
// with `viewSchema` are checked against them when the daemon compiles. Request bodies are
// derived from the command classes (each route's `requestBody`, and body-schemas.ts).

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

const SEND_BATCH_RESULT: Schema = {
  type: 'object',
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['created', 'delivery'],
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

const SUBSCRIPTION: Schema = {
  type: 'object',
  required: [
    'id',
    'userId',
    'kind',
    'guarantee',
    'default',
    'active',
    'deactivatedAt',
    'deactivatedReason',
    'pausedAt',
    'pausedReason',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    kind: { enum: [...SUBSCRIPTION_KINDS] },
    url: { type: 'string', description: 'Webhook: the endpoint.' },
    endpoint: { type: 'string', description: "Push: the browser's endpoint." },
    address: { type: 'string', description: 'Email: the address.' },
    confirmed: { type: 'boolean', description: 'Email: whether the address was confirmed.' },
    server: { type: 'string', description: 'ntfy: the server.' },
    topic: { type: 'string', description: 'ntfy: the topic.' },
    hasToken: { type: 'boolean', description: 'ntfy: whether an access token is kept.' },
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
  required: ['sent', 'missed', 'failed', 'dispatched'],
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
  required: ['created', 'updated', 'unchanged', 'withdrawn', 'pruned'],
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

const PREFERENCES: Schema = {
  type: 'object',
  required: ['userId', 'defaultEnabled', 'personSource', 'preferences'],
  properties: {
    userId: { type: 'string' },
    defaultEnabled: {
      type: 'boolean',
      description: 'Whether a channel nobody set a switch for is on (true: everything on).',
    },
    personSource: {
      type: 'string',
      examples: ['@person'],
      description: 'The source name of reminders the user made themselves (no producer app).',
    },
    preferences: {
      type: 'array',
      items: {
        type: 'object',
        required: ['source', 'channel', 'enabled', 'updatedAt', 'escalate'],
        properties: {
          source: { type: 'string', examples: ['calendar'] },
          channel: { type: 'string', examples: ['push'] },
          enabled: { type: 'boolean' },
          updatedAt: instant,
          escalate: {
            oneOf: [ref('EscalateInput'), { type: 'null' }],
            description:
              "On an inbox switch: the source's escalation for reminders that carry none; null: none.",
          },
        },
      },
    },
  },
};

/** Every answer's schema by its name in the document's `components.schemas`. */
export const VIEW_SCHEMAS: Readonly<Record<string, Schema>> = {
  ...SERIES_VIEW_SCHEMAS,
  ...CALENDAR_VIEW_SCHEMAS,
  ...OPERATOR_VIEW_SCHEMAS,
  Error: ERROR,
  Notification: NOTIFICATION,
  NotificationSource: NOTIFICATION_SOURCE,
  Escalation: ESCALATION,
  Fallback: FALLBACK,
  NotificationPage: pageOf(ref('Notification')),
  SendNotificationsResult: SEND_BATCH_RESULT,
  InboxItem: INBOX_ITEM,
  InboxPage: pageOf(ref('InboxItem')),
  Subscription: SUBSCRIPTION,
  SubscriptionList: {
    type: 'object',
    required: ['items'],
    properties: { items: { type: 'array', items: ref('Subscription') } },
  },
  Session: SESSION_VIEW,
  StartedSession: STARTED_SESSION_VIEW,
  NewSubscription: NEW_SUBSCRIPTION,
  DeliverDueResult: DELIVER_DUE_RESULT,
  RecipientProfile: RECIPIENT_PROFILE,
  Preferences: PREFERENCES,
  ReconcileResult: RECONCILE_RESULT,
  IssuedUserToken: ISSUED_TOKEN,
  UserToken: USER_TOKEN,
  UserTokenList: {
    type: 'object',
    properties: { items: { type: 'array', items: ref('UserToken') } },
  },
};
