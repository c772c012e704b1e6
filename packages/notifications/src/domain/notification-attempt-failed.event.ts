import { type DomainEvent } from '@tickler/core/domain';

/** What {@link NotificationAttemptFailed} carries. */
export type NotificationAttemptFailedPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  /** Which attempt failed (1-based; the delivery's attempt count so far). */
  readonly attempt: number;
  /** Why it failed (`HTTP 500`, a timeout, …). */
  readonly error: string;
  /** When the next attempt falls due (ISO UTC). */
  readonly retryAt: string;
};

/**
 * One attempt of an external channel (webhook) failed and the delivery is back in the queue
 * for another; the last attempt's failure raises `NotificationFailed` instead.
 */
export type NotificationAttemptFailed = DomainEvent<NotificationAttemptFailedPayload> & {
  readonly type: 'notifications.attempt-failed';
};

/** Factory of {@link NotificationAttemptFailed}; `type` is the stable event type. */
export const NotificationAttemptFailed = {
  type: 'notifications.attempt-failed',
  create(payload: NotificationAttemptFailedPayload, occurredAt: string): NotificationAttemptFailed {
    // Each attempt fails at most once, so the attempt number makes the id unique and stable.
    return {
      eventId: `${payload.deliveryId}:attempt-failed:${payload.attempt}`,
      type: 'notifications.attempt-failed',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
