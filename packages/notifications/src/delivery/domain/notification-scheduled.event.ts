import { type DomainEvent } from '@tickler/core/domain';

/** What {@link NotificationScheduled} carries. */
export type NotificationScheduledPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  /** The channels asked for; null = the default set (inbox + default subscriptions). */
  readonly channels: readonly string[] | null;
  /** Requested send instant (ISO UTC); null when queued for immediate dispatch. */
  readonly scheduledAt: string | null;
  /** When the dispatcher will look at it (ISO UTC). */
  readonly dueAt: string;
};

/** A delivery entered the queue: a future send instant. */
export type NotificationScheduled = DomainEvent<NotificationScheduledPayload> & {
  readonly type: 'notifications.scheduled';
};

/** Factory of {@link NotificationScheduled}; `type` is the stable event type. */
export const NotificationScheduled = {
  type: 'notifications.scheduled',
  create(payload: NotificationScheduledPayload, occurredAt: string): NotificationScheduled {
    // Created once per delivery, so the id is derived rather than generated (the domain makes no ids).
    return {
      eventId: `${payload.deliveryId}:scheduled`,
      type: 'notifications.scheduled',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
