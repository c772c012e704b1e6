import { type DomainEvent } from '@tickler/core/domain';

/** What {@link NotificationFailed} carries: the attempts made and the last error. */
export type NotificationFailedPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly attempts: number;
  readonly lastError: string;
};

/** Delivery gave up: every external channel failed, or it had no target at all (`no-target`). */
export type NotificationFailed = DomainEvent<NotificationFailedPayload> & {
  readonly type: 'notifications.failed';
};

/** Factory of {@link NotificationFailed}; `type` is the stable event type. */
export const NotificationFailed = {
  type: 'notifications.failed',
  create(payload: NotificationFailedPayload, occurredAt: string): NotificationFailed {
    return {
      eventId: `${payload.deliveryId}:failed`,
      type: 'notifications.failed',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
