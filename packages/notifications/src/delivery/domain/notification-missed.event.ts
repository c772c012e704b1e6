import { type DomainEvent } from '@tickler/core/domain';
import { type MissedReason } from '../../shared/domain/notification-status';

/** What {@link NotificationMissed} carries: why, and the instant it was meant for. */
export type NotificationMissedPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  /** What the person would have read: watchers show it, logs only when configured. */
  readonly title: string;
  readonly reason: MissedReason;
  readonly scheduledAt: string | null;
};

/** A due delivery was settled without being sent (stale, event begun/over, dry run). */
export type NotificationMissed = DomainEvent<NotificationMissedPayload> & {
  readonly type: 'notifications.missed';
};

/** Factory of {@link NotificationMissed}; `type` is the stable event type. */
export const NotificationMissed = {
  type: 'notifications.missed',
  create(payload: NotificationMissedPayload, occurredAt: string): NotificationMissed {
    return {
      eventId: `${payload.deliveryId}:missed`,
      type: 'notifications.missed',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
