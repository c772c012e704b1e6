import { ChannelSend } from '../domain/channel-send.entity';
import { type ExternalChannel } from './ports/delivery-channel.port';
import { type ChannelSubscription } from './ports/subscription.repository';

/** What kind of send it is, and when it is due (the firing's own sends: plain, due now). */
export interface NewSendOptions {
  /** Due at this instant instead of now (quiet hours, an escalation's deadline). */
  readonly notBefore?: string;
  /** An escalation send, made with this wait after firing (ms). */
  readonly escalateAfterMs?: number;
  readonly fallback?: boolean;
}

/**
 * A new `pending` send of notification `deliveryId` to `subscription` by `channel` (its adapter,
 * which names the endpoint), with the subscription's guarantee: the one way firing, escalation
 * and fallback make a send.
 */
export function newChannelSend(
  deliveryId: string,
  subscription: ChannelSubscription,
  channel: ExternalChannel,
  now: string,
  id: string,
  { notBefore, escalateAfterMs, fallback = false }: NewSendOptions = {},
): ChannelSend {
  return ChannelSend.create(
    {
      deliveryId,
      recipientId: subscription.recipientId,
      channel: subscription.kind,
      subscriptionId: subscription.id,
      endpoint: channel.endpointOf(subscription.target),
      guarantee: subscription.guarantee,
      escalation: escalateAfterMs !== undefined,
      escalateAfterMs: escalateAfterMs ?? null,
      fallback,
    },
    now,
    id,
    notBefore,
  );
}
