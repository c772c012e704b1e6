import { type DomainEvent } from '@tickler/core/domain';

export type NotificationFailedPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly attempts: number;
  readonly lastError: string;
};

/** Delivery was tried and gave up (retry budget spent, abandoned at-most-once claim, no endpoint). */
export type NotificationFailed = DomainEvent<NotificationFailedPayload> & {
  readonly type: 'notifications.failed';
};

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
