/**
 * Life of a delivery. `sending`: it fired with only external channels (webhook, push, email)
 * and none has succeeded yet; the first that does makes it `sent`, all of them failing makes it
 * `failed`. Which verb moves a delivery from one status to another, and which event it raises,
 * is `notification-transitions.ts`.
 */
export type NotificationStatus =
  'scheduled' | 'sending' | 'sent' | 'canceled' | 'missed' | 'failed';

/** Every status, in the order a delivery usually meets them (tests and validators list them). */
export const NOTIFICATION_STATUSES: readonly NotificationStatus[] = [
  'scheduled',
  'sending',
  'sent',
  'canceled',
  'missed',
  'failed',
];

/**
 * Why a due delivery was settled without being sent. `preferences`: its recipient turned off
 * every channel it would have gone to for its source (docs/preferences.md).
 */
export type MissedReason = 'too-late' | 'event-started' | 'expired' | 'dry-run' | 'preferences';

/**
 * How a delivery reaches its recipient: a channel kind's name (`inbox`, `webhook`, …; the
 * registered names are `CHANNEL_KINDS`).
 */
export type Channel = string;

/** How urgent a delivery is: `high` rings through quiet hours. */
export type DeliveryPriority = 'normal' | 'high';
