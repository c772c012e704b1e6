/**
 * Life of a delivery. `sending` is the claim state of external channels (webhook): the row is
 * leased to one dispatcher while its HTTP request is in flight.
 */
export type NotificationStatus =
  'scheduled' | 'sending' | 'sent' | 'canceled' | 'missed' | 'failed';

/** Why a due delivery was settled without being sent. */
export type MissedReason = 'too-late' | 'event-started' | 'expired' | 'dry-run';

/** How a delivery reaches its recipient. */
export type Channel = 'inbox' | 'webhook';

/**
 * The explicit transition table. A self-transition `scheduled → scheduled` is an edit or a
 * retry being re-queued; `sending → sending` is an abandoned claim taken over by a new claim.
 * The four settled states are terminal: nothing resurrects a row once it left the queue.
 */
export const TRANSITIONS: Readonly<Record<NotificationStatus, readonly NotificationStatus[]>> = {
  scheduled: ['scheduled', 'sending', 'sent', 'canceled', 'missed', 'failed'],
  sending: ['sending', 'scheduled', 'sent', 'failed'],
  sent: [],
  canceled: [],
  missed: [],
  failed: [],
};

export function canTransition(from: NotificationStatus, to: NotificationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Statuses the dispatcher still has to look at (the partial index covers exactly these). */
export const LIVE_STATUSES: readonly NotificationStatus[] = ['scheduled', 'sending'];

export function isSettled(status: NotificationStatus): boolean {
  return TRANSITIONS[status].length === 0;
}
