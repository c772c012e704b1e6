import { type DomainEvent } from '@tickler/core/domain';
import { type Channel } from '../../shared/domain/notification-status';

/** What {@link NotificationSentEvent} carries: the content as delivered and when. */
export type NotificationSentPayload = {
  readonly deliveryId: string;
  /** The inbox row it produced (inbox channel), null when an external channel sent it. */
  readonly inboxId: string | null;
  readonly recipientId: string;
  /** The channel that made it sent: `inbox`, or the first external channel that succeeded. */
  readonly channel: Channel;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  /** ISO UTC. */
  readonly sentAt: string;
  /** The instant it was meant for; null for an immediate send. */
  readonly scheduledAt: string | null;
};

/**
 * A delivery reached its recipient. Raised identically by the immediate path, the dispatcher
 * and send-now, so projectors cannot tell (and need not care) which path sent it.
 */
export type NotificationSentEvent = DomainEvent<NotificationSentPayload> & {
  readonly type: 'notifications.sent';
};

/** Factory of {@link NotificationSentEvent}; `type` is the stable event type. */
export const NotificationSentEvent = {
  type: 'notifications.sent',
  create(payload: NotificationSentPayload, occurredAt: string): NotificationSentEvent {
    // A delivery is sent at most once, so `<id>:sent` is unique and stable across redeliveries.
    return {
      eventId: `${payload.deliveryId}:sent`,
      type: 'notifications.sent',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
