import { type DomainEvent } from '@tickler/core/domain';

/** What {@link NotificationRescheduled} carries: the content and send instant after the change. */
export type NotificationRescheduledPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly scheduledAt: string | null;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
};

/** A scheduled delivery was edited (content and/or send instant). */
export type NotificationRescheduled = DomainEvent<NotificationRescheduledPayload> & {
  readonly type: 'notifications.rescheduled';
};

/** Factory of {@link NotificationRescheduled}; `type` is the stable event type. */
export const NotificationRescheduled = {
  type: 'notifications.rescheduled',
  create(payload: NotificationRescheduledPayload, occurredAt: string): NotificationRescheduled {
    // Edits can repeat, so the instant is part of the id; durable subscribers do not take this event.
    return {
      eventId: `${payload.deliveryId}:rescheduled:${occurredAt}`,
      type: 'notifications.rescheduled',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
