import { type DomainEvent } from '@tickler/core/domain';

/** Why a due delivery was held: the recipient's quiet hours, or their daily digest window. */
export type DeferReason = 'quiet-hours' | 'digest-window';

/** What {@link NotificationDeferred} carries. */
export type NotificationDeferredPayload = {
  readonly deliveryId: string;
  readonly recipientId: string;
  /** The instant it was first meant for (kept across several deferrals). */
  readonly deferredFrom: string;
  /** The instant it is now held to (ISO UTC). */
  readonly scheduledAt: string;
  readonly reason: DeferReason;
};

/** A due delivery was held to a later instant by the recipient's profile; it stays scheduled. */
export type NotificationDeferred = DomainEvent<NotificationDeferredPayload> & {
  readonly type: 'notifications.deferred';
};

/** Factory of {@link NotificationDeferred}; `type` is the stable event type. */
export const NotificationDeferred = {
  type: 'notifications.deferred',
  create(payload: NotificationDeferredPayload, occurredAt: string): NotificationDeferred {
    // Deferrals can repeat (quiet hours, then a digest window): the instant is part of the id.
    return {
      eventId: `${payload.deliveryId}:deferred:${payload.scheduledAt}`,
      type: 'notifications.deferred',
      aggregateId: payload.deliveryId,
      occurredAt,
      payload,
    };
  },
} as const;
