import { type ChannelSendState } from '../../../shared/domain/channel-send.state';
import { ChannelSend } from '../../domain/channel-send.entity';

/**
 * A failed send's retry: a new `pending` send (new id, so a new idempotency key, and a fresh
 * retry budget) of the same notification to the same subscription, due at `now`. The failed
 * row is left as it was: a settled send is never resurrected.
 */
export function sendAgain(
  failed: ChannelSendState & { subscriptionId: string },
  now: string,
  id: string,
): ChannelSend {
  return ChannelSend.create(
    {
      deliveryId: failed.deliveryId,
      recipientId: failed.recipientId,
      channel: failed.channel,
      subscriptionId: failed.subscriptionId,
      endpoint: failed.endpoint,
      guarantee: failed.guarantee,
    },
    now,
    id,
  );
}
