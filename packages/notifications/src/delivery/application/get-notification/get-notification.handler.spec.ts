import {
  InMemoryChannelSendRepository,
  InMemoryDeliveryRepository,
  NO_DATABASE,
  recurringSeriesOf,
  storeDelivery,
} from '../../../testing';
import { GetNotification } from './get-notification.command';
import { GetNotificationHandler } from './get-notification.handler';

describe('GetNotificationHandler', () => {
  const get = (handler: GetNotificationHandler, id: string, recipientId: string) =>
    handler.execute(Object.assign(new GetNotification(), { recipientId, id }));

  it('returns the recipient’s delivery as a view', async () => {
    const deliveries = new InMemoryDeliveryRepository();
    const stored = await storeDelivery(deliveries, { title: 'Dentist', url: '/d/1' });
    const handler = new GetNotificationHandler(
      NO_DATABASE,
      deliveries,
      new InMemoryChannelSendRepository(),
      recurringSeriesOf(deliveries),
    );
    await expect(get(handler, stored.id, 'alice')).resolves.toMatchObject({
      id: stored.id,
      recipientId: 'alice',
      title: 'Dentist',
      url: '/d/1',
      status: 'scheduled',
      scheduledAt: stored.snapshot().scheduledAt,
    });
  });

  it('answers NOT_FOUND alike for an unknown id and for another recipient’s delivery', async () => {
    const deliveries = new InMemoryDeliveryRepository();
    const stored = await storeDelivery(deliveries);
    const handler = new GetNotificationHandler(
      NO_DATABASE,
      deliveries,
      new InMemoryChannelSendRepository(),
      recurringSeriesOf(deliveries),
    );
    await expect(get(handler, stored.id, 'bob')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.NOT_FOUND',
    });
    await expect(get(handler, 'nope', 'alice')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.NOT_FOUND',
    });
  });
});
