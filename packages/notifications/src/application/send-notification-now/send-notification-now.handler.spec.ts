import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { resolveNotificationsOptions } from '../notifications.options';
import {
  FakeUnitOfWork,
  InMemoryDeliveryRepository,
  InMemoryInboxRepository,
  RecordingWakeUp,
  storeDelivery,
} from '../../testing';
import { SendNotificationNow } from './send-notification-now.command';
import { SendNotificationNowHandler } from './send-notification-now.handler';

function setup(options = {}) {
  const uow = new FakeUnitOfWork();
  const deliveries = new InMemoryDeliveryRepository();
  const inbox = new InMemoryInboxRepository();
  const wakeUp = new RecordingWakeUp();
  const handler = new SendNotificationNowHandler(
    uow,
    new ManualClock(REFERENCE_TIME),
    deliveries,
    inbox,
    wakeUp,
    resolveNotificationsOptions(options),
  );
  const sendNow = (id: string) =>
    handler.execute(Object.assign(new SendNotificationNow(), { recipientId: 'alice', id }));
  return { uow, deliveries, inbox, wakeUp, sendNow };
}

describe('SendNotificationNowHandler', () => {
  it('sends a scheduled inbox delivery in this call: inbox row, sent event, no wake-up', async () => {
    const { uow, deliveries, inbox, wakeUp, sendNow } = setup();
    const { id } = await storeDelivery(deliveries);
    await expect(sendNow(id)).resolves.toMatchObject({ status: 'sent', sentAt: REFERENCE_TIME });
    expect(inbox.items.map((i) => i.notificationId)).toEqual([id]);
    expect(wakeUp.calls).toEqual([]);
    expect(uow.published.map((e) => e.type)).toEqual(['notifications.sent']);
  });

  it('brings a webhook due now and wakes the dispatcher, sending nothing in the call', async () => {
    const { uow, deliveries, inbox, wakeUp, sendNow } = setup();
    const { id } = await storeDelivery(deliveries, { channel: 'webhook' });
    await expect(sendNow(id)).resolves.toMatchObject({
      status: 'scheduled',
      scheduledAt: REFERENCE_TIME,
    });
    expect(wakeUp.calls).toEqual([REFERENCE_TIME]);
    expect(inbox.items).toEqual([]);
    expect(uow.published.map((e) => e.type)).toEqual(['notifications.rescheduled']);
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
