import { type ExternalChannel } from './ports/delivery-channel.port';
import { type ChannelSubscription } from './ports/subscription.repository';
import { type SubscriptionView } from '../../shared/application/notification.view';

/** The view of a subscription, without secrets: `channel` says which of its fields are public. */
export function toSubscriptionView(
  s: ChannelSubscription,
  channel: ExternalChannel | undefined,
): SubscriptionView {
  return {
    id: s.id,
    recipientId: s.recipientId,
    kind: s.kind,
    ...(channel ? channel.publicTarget(s.target) : {}),
    guarantee: s.guarantee,
    default: s.isDefault,
    active: s.active,
    deactivatedAt: s.deactivatedAt,
    deactivatedReason: s.deactivatedReason,
    pausedAt: s.pausedAt,
    pausedReason: s.pausedReason,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
