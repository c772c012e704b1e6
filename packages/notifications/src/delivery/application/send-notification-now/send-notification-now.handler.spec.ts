import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { resolveNotificationsOptions } from '../../../shared/application/notifications.options';
import {
  channelFakes,
  FakeUnitOfWork,
  InMemoryDeliveryRepository,
  storeDelivery,
  subscriptionOf,
} from '../../../testing';
import { SendNotificationNow } from './send-notification-now.command';
import { SendNotificationNowHandler } from './send-notification-now.handler';

function setup(options = {}) {
  const uow = new FakeUnitOfWork();
  const deliveries = new InMemoryDeliveryRepository();
  const channels = channelFakes();
  const handler = new SendNotificationNowHandler(
    uow,
    new ManualClock(REFERENCE_TIME),
    deliveries,
    channels.firing,
    resolveNotificationsOptions(options),
  );
  const sendNow = (id: string) =>
    handler.execute(Object.assign(new SendNotificationNow(), { recipientId: 'alice', id }));
  return { uow, deliveries, inbox: channels.inbox, channels, sendNow };
}

describe('SendNotificationNowHandler', () => {
  it('fires a scheduled inbox delivery in this call: inbox row, sent event', async () => {
    const { uow, deliveries, inbox, sendNow } = setup();
    const { id } = await storeDelivery(deliveries);
    await expect(sendNow(id)).resolves.toMatchObject({
      status: 'sent',
      sentAt: REFERENCE_TIME,
      channels: [{ channel: 'inbox', status: 'sent' }],
    });
    expect(inbox.items.map((i) => i.notificationId)).toEqual([id]);
    expect(uow.published.map((e) => e.type)).toEqual(['notifications.sent']);
  });

  it('fires a webhook-only delivery: a pending channel send and the send loop woken, nothing sent in the call', async () => {
    const { uow, deliveries, inbox, channels, sendNow } = setup();
    await channels.subscriptions.insert(null, subscriptionOf());
    const { id } = await storeDelivery(deliveries, { channels: ['webhook'] });
    await expect(sendNow(id)).resolves.toMatchObject({
      status: 'sending',
      channels: [{ channel: 'webhook', subscriptionId: 's1', status: 'pending', attempts: 0 }],
    });
    expect(channels.sendsWakeUp.calls).toEqual([REFERENCE_TIME]);
    expect(channels.channel.requests).toEqual([]);
    expect(inbox.items).toEqual([]);
    expect(uow.published).toEqual([]);
  });

  it('settles as missed (dry-run) instead of sending when the context is in dry-run', async () => {
    const { deliveries, inbox, sendNow } = setup({ delivery: 'dry-run' });
    const { id } = await storeDelivery(deliveries);
    await expect(sendNow(id)).resolves.toMatchObject({ status: 'missed', missedReason: 'dry-run' });
    expect(inbox.items).toEqual([]);
  });

  it('refuses a canceled delivery with NOT_SCHEDULED', async () => {
    const { deliveries, sendNow } = setup();
    const delivery = await storeDelivery(deliveries);
    delivery.cancel(REFERENCE_TIME);
    await deliveries.save(null, delivery, { status: 'scheduled' });
    await expect(sendNow(delivery.id)).rejects.toMatchObject({
      code: 'NOTIFICATIONS.NOT_SCHEDULED',
    });
  });
});
