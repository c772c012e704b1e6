import {
  CHANNEL_KINDS,
  type InboxItemJson,
  type NotificationJson,
  SUBSCRIPTION_KINDS,
} from '@tickler/notifications';
import { ref } from './command-schemas';
import { viewSchema } from './view-declaration';

// The notification and inbox views' JSON Schemas, each checked against the TypeScript view the
// daemon answers with (viewSchema): a field added to `NotificationView` fails to compile until
// it is here, and the web app's types follow from here (`npm run gen:web-types`).

/** An instant the daemon answers with. */
export const instant = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339 with offset; answered as ISO-8601 UTC.',
};
/** An instant or null. */
export const nullableInstant = { type: ['string', 'null'], format: 'date-time' };
/** A text or null. */
export const nullableString = { type: ['string', 'null'] };

/** One channel's outcome of a fired reminder (`Notification.channels`). */
const CHANNEL_OUTCOME = viewSchema<NotificationJson['channels'][number]>()(
  {
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
  ['channel', 'subscriptionId', 'status', 'attempts', 'lastError', 'sentAt'],
);

/** A reminder's escalation and where it stands (`Notification.escalation`). */
export const ESCALATION = viewSchema<NonNullable<NotificationJson['escalation']>>()(
  {
    after: { type: 'string', description: 'The wait after firing, e.g. 1h.' },
    channel: { enum: [...SUBSCRIPTION_KINDS] },
    status: {
      enum: ['pending', 'sent', 'cancelled', 'failed'],
      description:
        'cancelled: read in time (or never fired); failed: no subscription of that kind, or its send failed.',
    },
    at: {
      ...nullableInstant,
      description: 'Due (pending), sent (sent) or settled; null before firing.',
    },
  },
  ['after', 'channel', 'status', 'at'],
);

/** A reminder's fallback and where it stands (`Notification.fallback`). */
export const FALLBACK = viewSchema<NonNullable<NotificationJson['fallback']>>()(
  {
    channel: { enum: [...SUBSCRIPTION_KINDS] },
    status: {
      enum: ['standby', 'pending', 'sent', 'failed'],
      description:
        'standby: no send failed for good (not needed, yet or ever); failed: its send failed, or no subscription of that kind.',
    },
    at: {
      ...nullableInstant,
      description: 'Due (pending), sent (sent) or settled (failed); null on standby.',
    },
  },
  ['channel', 'status', 'at'],
);

/** Where an app-scheduled reminder came from (`Notification.source`). */
export const NOTIFICATION_SOURCE = viewSchema<NonNullable<NotificationJson['source']>>()(
  {
    app: { type: 'string' },
    key: { type: 'string' },
    collection: { ...nullableString, description: "A calendar reminder's calendar id." },
    id: nullableString,
    rule: nullableString,
  },
  ['app', 'key', 'collection', 'id', 'rule'],
);

/** A reminder, as `/v1/users/{userId}/notifications` answers it. */
export const NOTIFICATION = viewSchema<NotificationJson>()(
  {
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
      items: CHANNEL_OUTCOME,
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
    source: { oneOf: [ref('NotificationSource'), { type: 'null' }] },
    idempotencyKey: nullableString,
    eventAt: nullableInstant,
    expiresAt: nullableInstant,
    missedReason: {
      type: ['string', 'null'],
      enum: ['too-late', 'event-started', 'expired', 'dry-run', 'preferences', null],
      description:
        'Why it was settled unsent; `preferences`: the user turned off every channel it would have gone to for its source.',
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
    escalation: {
      oneOf: [ref('Escalation'), { type: 'null' }],
      description: 'Still unread after `after`: sent again by `channel`; null: none.',
    },
    fallback: {
      oneOf: [ref('Fallback'), { type: 'null' }],
      description: 'A send failed for good: sent once by `channel` instead; null: none.',
    },
  },
  [
    'id',
    'userId',
    'requestedChannels',
    'channels',
    'status',
    'title',
    'message',
    'url',
    'scheduledAt',
    'sentAt',
    'attempts',
    'lastError',
    'inboxId',
    'source',
    'idempotencyKey',
    'eventAt',
    'expiresAt',
    'missedReason',
    'createdAt',
    'updatedAt',
    'snoozedFrom',
    'priority',
    'deferredFrom',
    'digestId',
    'escalation',
    'fallback',
  ],
);

/** One delivered reminder in the inbox. */
export const INBOX_ITEM = viewSchema<InboxItemJson>()(
  {
    id: { type: 'string' },
    userId: { type: 'string' },
    notificationId: { type: 'string' },
    title: { type: 'string' },
    message: { type: 'string' },
    url: nullableString,
    createdAt: instant,
    readAt: nullableInstant,
  },
  ['id', 'userId', 'notificationId', 'title', 'message', 'url', 'createdAt', 'readAt'],
);
