import { type NotificationDelivery } from '../../domain/notification-delivery.entity';

/**
 * The JSON body a webhook receiver gets (the delivery id doubles as the idempotency key). It is
 * HTTP on the wire, so the person is `userId` here, as in the daemon's API
 * (docs/architecture.md, "One name for the person").
 */
export function webhookPayload(delivery: NotificationDelivery): Record<string, unknown> {
  const s = delivery.snapshot();
  return {
    id: s.id,
    type: 'notification',
    userId: s.recipientId,
    title: s.title,
    message: s.message,
    url: s.url,
    scheduledAt: s.scheduledAt,
    eventAt: s.eventAt,
    expiresAt: s.expiresAt,
    source: s.source,
    attempt: s.attempts,
    createdAt: s.createdAt,
  };
}
