import {
  NotificationAlreadySentError,
  NotificationNotScheduledError,
} from '../../shared/domain/notification.errors';
import { type NotificationStatus } from '../../shared/domain/notification-status';

/** The state-changing verbs of `NotificationDelivery`, one per method. */
export type DeliveryVerb = 'send' | 'miss' | 'cancel' | 'edit' | 'dispatch' | 'fail' | 'defer';

/** Type of each event a verb can raise (the `type` of the event objects). */
export type DeliveryEventType =
  | 'notifications.scheduled'
  | 'notifications.sent'
  | 'notifications.missed'
  | 'notifications.canceled'
  | 'notifications.rescheduled'
  | 'notifications.failed'
  | 'notifications.deferred';

/** One row of the table: where a verb may start, where it ends, and what it announces. */
export type Transition = {
  /** Statuses the verb accepts; any other is refused with a typed error naming {@link action}. */
  readonly from: readonly NotificationStatus[];
  readonly to: NotificationStatus;
  /** How the verb reads in an error message ("cannot cancel"). */
  readonly action: string;
} & (
  | { readonly event: DeliveryEventType }
  | {
      readonly event: null;
      /** Why this state change raises no event. */
      readonly noEventBecause: string;
    }
);

/**
 * How long after a cancel it can be undone, in milliseconds (10 minutes): long enough for the
 * page's Undo toast and a `tickler uncancel` typed after a slip, short enough that an undone
 * reminder is still the one the person meant.
 */
export const UNCANCEL_WINDOW_MS = 10 * 60_000;

/** The status `NotificationDelivery.create` starts in (it raises `notifications.scheduled` unless the same call settles it). */
export const INITIAL_STATUS: NotificationStatus = 'scheduled';

/**
 * The one transition table: every verb of the aggregate checks its `from` here, moves to its
 * `to`, and raises its `event`. The four settled statuses appear in no `from`: nothing
 * resurrects a row once it left the queue.
 */
export const TRANSITIONS: Readonly<Record<DeliveryVerb, Transition>> = {
  send: {
    from: ['scheduled', 'sending'],
    to: 'sent',
    action: 'send',
    event: 'notifications.sent',
  },
  miss: {
    from: ['scheduled'],
    to: 'missed',
    action: 'settle as missed',
    event: 'notifications.missed',
  },
  cancel: {
    from: ['scheduled'],
    to: 'canceled',
    action: 'cancel',
    event: 'notifications.canceled',
  },
  edit: {
    from: ['scheduled'],
    to: 'scheduled',
    action: 'edit',
    event: 'notifications.rescheduled',
  },
  // Fired with only external channels: their sends decide between sent and failed.
  dispatch: {
    from: ['scheduled'],
    to: 'sending',
    action: 'send',
    event: null,
    noEventBecause:
      'the notification is now in its channels’ hands; each channel send raises channel-sent or channel-failed, and the first success (sent) or the last failure (failed) is the notification’s own event',
  },
  fail: {
    from: ['scheduled', 'sending'],
    to: 'failed',
    action: 'fail',
    event: 'notifications.failed',
  },
  // Held by the recipient's profile (quiet hours, a daily digest window): due later, same row.
  defer: {
    from: ['scheduled'],
    to: 'scheduled',
    action: 'defer',
    event: 'notifications.deferred',
  },
};

/**
 * The status `verb` leads to from `current`; throws when the table does not allow it — a sent
 * row with the dedicated "already sent" error, any other refusal as an illegal transition.
 */
export function nextStatus(
  verb: DeliveryVerb,
  deliveryId: string,
  current: NotificationStatus,
): NotificationStatus {
  const transition = TRANSITIONS[verb];
  if (!transition.from.includes(current)) {
    if (current === 'sent') {
      throw new NotificationAlreadySentError(deliveryId, transition.action);
    }
    throw new NotificationNotScheduledError(deliveryId, current, transition.action);
  }
  return transition.to;
}

/** Whether some verb moves a delivery from `from` to `to`. */
export function canTransition(from: NotificationStatus, to: NotificationStatus): boolean {
  return Object.values(TRANSITIONS).some((t) => t.to === to && t.from.includes(from));
}

/** A settled status is one no verb leaves: the row is out of the dispatcher's hands for good. */
export function isSettled(status: NotificationStatus): boolean {
  return !Object.values(TRANSITIONS).some((t) => t.from.includes(status));
}
