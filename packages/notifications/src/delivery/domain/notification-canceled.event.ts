import { type DomainEvent } from '@tickler/core/domain';

/**
 * Why a delivery was canceled: `requested` by a caller (a person, `CancelNotification`), or
 * `withdrawn` by reconcile because its producer's plan no longer contains it.
 */
export type CancelReason = 'requested' | 'withdrawn';

/** What {@link NotificationCanceled} carries. */
export type NotificationCanceledPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly reason: CancelReason;
};

/** A scheduled delivery was canceled; the row stays as a tombstone. */
export type NotificationCanceled = DomainEvent<NotificationCanceledPayload> & {
  readonly type: 'notifications.canceled';
};

/** Factory of {@link NotificationCanceled}; `type` is the stable event type. */
export const NotificationCanceled = {
  type: 'notifications.canceled',
  create(payload: NotificationCanceledPayload, occurredAt: string): NotificationCanceled {
    return {
      eventId: `${payload.deliveryId}:canceled`,
      type: 'notifications.canceled',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
