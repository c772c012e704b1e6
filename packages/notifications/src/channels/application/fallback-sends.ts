import { CORE_TOKENS, type IdGenerator, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type ChannelSend } from '../domain/channel-send.entity';
import { newChannelSend } from './new-channel-send';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { type ChannelSendRepository } from './ports/channel-send.repository';
import { type SubscriptionRepository } from './ports/subscription.repository';
import { type NotificationDeliveryRepository } from '../../delivery/application/ports/notification-delivery.repository';
import { type DeliveryWakeUp } from '../../shared/application/ports/wake-up.port';
import { callsFallback } from '../../shared/domain/escalation-rule';
import { type ChannelRegistry } from './channel-registry';

/**
 * The fallback of a reminder (issue 33 item 2): when one of its sends has just failed for good,
 * in the transaction that settled it, one `pending` send due now per active, unpaused,
 * confirmed subscription of the fallback's kind — never the subscription that failed — marked
 * `fallback = 1`. Once per reminder: the reminder's row is locked first (PostgreSQL: two sends
 * failing at once decide one after the other) and nothing is added once a fallback send exists;
 * a unique index on `(delivery_id, subscription_id) where fallback = 1` holds it as a
 * constraint. Written with the failure or not at all, so a kill anywhere leaves it once.
 */
@injectable()
export class FallbackSends {
  constructor(
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
    @inject(NOTIFICATIONS_TOKENS.Channels) private readonly channels: ChannelRegistry,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly wakeUp: DeliveryWakeUp,
  ) {}

  /** After `send` settled (its row written in `tx`): adds the fallback sends it calls for. */
  async afterSettled(tx: Transaction, send: ChannelSend, now: string): Promise<void> {
    const failed = send.snapshot();
    if (!callsFallback(failed)) {
      return;
    }
    const delivery = await this.deliveries.findById(tx, failed.deliveryId, { forUpdate: true });
    const rule = delivery?.fallback;
    if (!delivery || !rule) {
      return;
    }
    if ((await this.sends.forDeliveries(tx, [delivery.id])).some((s) => s.fallback)) {
      return; // already fell back once
    }
    const created: ChannelSend[] = [];
    for (const subscription of await this.subscriptions.activeFor(tx, [delivery.recipientId])) {
      const channel = this.channels.external(subscription.kind);
      if (
        subscription.kind !== rule.channel ||
        subscription.id === failed.subscriptionId ||
        subscription.pausedAt !== null ||
        !channel ||
        channel.confirmation?.confirmed(subscription.target) === false
      ) {
        continue;
      }
      created.push(
        newChannelSend(delivery.id, subscription, channel, now, this.ids.next(), {
          fallback: true,
        }),
      );
    }
    if (created.length > 0) {
      await this.sends.insertMany(tx, created);
      await this.wakeUp.wakeAt(tx, now);
    }
  }
}
