import { type CancelReason, NotificationCanceled } from './notification-canceled.event';
import { type NotificationDeliveryState } from './notification-delivery.state';
import { type DeferReason, NotificationDeferred } from './notification-deferred.event';
import { NotificationFailed } from './notification-failed.event';
import { NotificationMissed } from './notification-missed.event';
import { NotificationRescheduled } from './notification-rescheduled.event';
import { NotificationScheduled } from './notification-scheduled.event';
import { NotificationSentEvent } from './notification-sent.event';
import { type MissedReason } from '../../shared/domain/notification-status';

// What each event of a delivery carries, read from its state right after the verb changed it.
// The aggregate decides when an event happens; these decide only what it says.

/** The delivery entered the queue. */
export function scheduledEvent(s: NotificationDeliveryState, now: string): NotificationScheduled {
  return NotificationScheduled.create(
    {
      deliveryId: s.id,
      recipientId: s.recipientId,
      channels: s.channels,
      scheduledAt: s.scheduledAt,
      dueAt: s.dueAt ?? s.createdAt,
    },
    now,
  );
}

/** The delivery reached its recipient, over `channel`. */
export function sentEvent(
  s: NotificationDeliveryState,
  channel: string,
  now: string,
): NotificationSentEvent {
  return NotificationSentEvent.create(
    {
      deliveryId: s.id,
      inboxId: s.inboxId,
      recipientId: s.recipientId,
      channel,
      title: s.title,
      message: s.message,
      url: s.url,
      sentAt: now,
      scheduledAt: s.scheduledAt,
    },
    now,
  );
}

/** The delivery was settled without being sent, for `reason`. */
export function missedEvent(
  s: NotificationDeliveryState,
  reason: MissedReason,
  now: string,
): NotificationMissed {
  return NotificationMissed.create(
    {
      deliveryId: s.id,
      recipientId: s.recipientId,
      title: s.title,
      reason,
      scheduledAt: s.scheduledAt,
    },
    now,
  );
}

/** The delivery was canceled, for `reason`. */
export function canceledEvent(
  s: NotificationDeliveryState,
  reason: CancelReason,
  now: string,
): NotificationCanceled {
  return NotificationCanceled.create({ deliveryId: s.id, recipientId: s.recipientId, reason }, now);
}

/** The delivery's content or send instant changed. */
export function rescheduledEvent(
  s: NotificationDeliveryState,
  now: string,
): NotificationRescheduled {
  return NotificationRescheduled.create(
    {
      deliveryId: s.id,
      recipientId: s.recipientId,
      scheduledAt: s.scheduledAt,
      title: s.title,
      message: s.message,
      url: s.url,
    },
    now,
  );
}

/** The delivery gave up after its attempts, with `lastError` as the reason. */
export function failedEvent(s: NotificationDeliveryState, now: string): NotificationFailed {
  return NotificationFailed.create(
    {
      deliveryId: s.id,
      recipientId: s.recipientId,
      attempts: s.attempts,
      lastError: s.lastError ?? '',
    },
    now,
  );
}

/** The recipient's profile held the delivery to a later instant. */
export function deferredEvent(
  s: NotificationDeliveryState,
  reason: DeferReason,
  now: string,
): NotificationDeferred {
  return NotificationDeferred.create(
    {
      deliveryId: s.id,
      recipientId: s.recipientId,
      deferredFrom: s.deferredFrom ?? s.createdAt,
      scheduledAt: s.scheduledAt ?? now,
      reason,
    },
    now,
  );
}
