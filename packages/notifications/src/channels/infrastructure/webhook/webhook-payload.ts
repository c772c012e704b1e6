import { type ChannelSendRequest } from '../../application/ports/delivery-channel.port';

/**
 * The JSON body a webhook receiver gets. It is HTTP on the wire, so the person is `userId`
 * here, as in the daemon's API (docs/architecture.md, "One name for the person"). `id` is the
 * notification; the send's own id (the idempotency key) is the `webhook-id` header.
 */
export function webhookPayload(request: ChannelSendRequest): Record<string, unknown> {
  const m = request.message;
  return {
    id: m.id,
    type: 'notification',
    userId: m.recipientId,
    title: m.title,
    message: m.message,
    url: m.url,
    scheduledAt: m.scheduledAt,
    sentAt: m.sentAt,
    attempt: request.attempt,
  };
}
