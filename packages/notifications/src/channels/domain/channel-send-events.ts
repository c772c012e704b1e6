import { type DomainEvent } from '@tickler/core/domain';
import { type ChannelErrorClass } from '../../shared/domain/channel-send.state';

/** What the per-channel events carry: plain data about one channel send. */
export type ChannelSendPayload = {
  readonly deliveryId: string;
  readonly sendId: string;
  readonly recipientId: string;
  readonly channel: string;
  readonly subscriptionId: string | null;
  readonly attempts: number;
};

/** What {@link NotificationChannelFailed} carries: the send and its last error class. */
export type ChannelFailedPayload = ChannelSendPayload & { readonly error: ChannelErrorClass };

/** One external channel reached the recipient (the notification may have been sent already). */
export type NotificationChannelSent = DomainEvent<ChannelSendPayload> & {
  readonly type: 'notifications.channel-sent';
};

/** One external channel gave up; the notification's other channels are not affected. */
export type NotificationChannelFailed = DomainEvent<ChannelFailedPayload> & {
  readonly type: 'notifications.channel-failed';
};

/** Factory of {@link NotificationChannelSent}; `type` is the stable event type. */
export const NotificationChannelSent = {
  type: 'notifications.channel-sent',
  create(payload: ChannelSendPayload, occurredAt: string): NotificationChannelSent {
    // A send settles once: `<sendId>:sent` is unique and stable across redeliveries.
    return {
      eventId: `${payload.sendId}:sent`,
      type: 'notifications.channel-sent',
      aggregateId: payload.sendId,
      occurredAt,
      payload,
    };
  },
} as const;

/** Factory of {@link NotificationChannelFailed}; `type` is the stable event type. */
export const NotificationChannelFailed = {
  type: 'notifications.channel-failed',
  create(payload: ChannelFailedPayload, occurredAt: string): NotificationChannelFailed {
    return {
      eventId: `${payload.sendId}:failed`,
      type: 'notifications.channel-failed',
      aggregateId: payload.sendId,
      occurredAt,
      payload,
    };
  },
} as const;
