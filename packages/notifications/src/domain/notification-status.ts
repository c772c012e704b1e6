/**
 * Life of a delivery. `sending` is the claim state of external channels (webhook): the row is
 * leased to one dispatcher while its HTTP request is in flight. Which verb moves a delivery from
 * one status to another, and which event it raises, is `notification-transitions.ts`.
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

/** Why a due delivery was settled without being sent. */
export type MissedReason = 'too-late' | 'event-started' | 'expired' | 'dry-run';

/** How a delivery reaches its recipient. */
export type Channel = 'inbox' | 'webhook';

/** Statuses the dispatcher still has to look at (the partial index covers exactly these). */
export const LIVE_STATUSES: readonly NotificationStatus[] = ['scheduled', 'sending'];
