import { type Transaction } from '@tickler/core';
import { type ChannelSend } from '../../domain/channel-send.entity';
import { type ChannelSendRepository } from '../ports/channel-send.repository';
import { type NotificationDeliveryRepository } from '../../../delivery/application/ports/notification-delivery.repository';

/**
 * After a channel send settled (in `tx`, its row already written): the notification it belongs
 * to learns the outcome. The first send to succeed makes a `sending` notification `sent`; the
 * last one to fail makes it `failed` with that send's error class. A notification sent by its
 * inbox (or by another channel) is not touched: one channel's failure never changes another's
 * outcome. The notification's row is locked first on PostgreSQL, so two sends of one
 * notification settling at once decide one after the other.
 */
export async function settleParentOf(
  tx: Transaction,
  send: ChannelSend,
  now: string,
  deliveries: NotificationDeliveryRepository,
  sends: ChannelSendRepository,
): Promise<void> {
  if (send.status !== 'sent' && send.status !== 'failed') {
    return;
  }
  const delivery = await deliveries.findById(tx, send.deliveryId, { forUpdate: true });
  if (!delivery || delivery.status !== 'sending') {
    return;
  }
  const { channel } = send.snapshot();
  if (send.status === 'sent') {
    delivery.channelSucceeded(now, channel);
  } else if ((await sends.countNotFailed(tx, send.deliveryId)) === 0) {
    delivery.channelsFailed(now, send.lastError ?? 'unreachable');
  } else {
    return;
  }
  await deliveries.save(tx, delivery, { status: 'sending' });
  tx.recordEvents(delivery.pullEvents());
}
