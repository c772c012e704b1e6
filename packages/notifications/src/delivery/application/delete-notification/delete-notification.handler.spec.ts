import { FakeUnitOfWork, InMemoryDeliveryRepository, storeDelivery } from '../../../testing';
import { DeleteNotification } from './delete-notification.command';
import { DeleteNotificationHandler } from './delete-notification.handler';

function setup() {
  const deliveries = new InMemoryDeliveryRepository();
  const handler = new DeleteNotificationHandler(new FakeUnitOfWork(), deliveries);
  const remove = (id: string, recipientId = 'alice') =>
    handler.execute(Object.assign(new DeleteNotification(), { recipientId, id }));
  return { deliveries, remove };
}

describe('DeleteNotificationHandler', () => {
  it('deletes a delivery a person made and answers it as it was', async () => {
    const { deliveries, remove } = setup();
    const made = await storeDelivery(deliveries, { title: 'mine' });
    await expect(remove(made.id)).resolves.toMatchObject({ id: made.id, title: 'mine' });
    expect(await deliveries.findById(null, made.id)).toBeUndefined();
    await expect(remove(made.id)).rejects.toMatchObject({ code: 'NOTIFICATIONS.NOT_FOUND' });
  });

  it('deletes a delivery an app made too (seed 001 §5.1: an ordinary resource)', async () => {
    const { deliveries, remove } = setup();
    const made = await storeDelivery(deliveries, {
      source: { app: 'calendar', key: 'ev-1', collection: null, id: null, rule: null },
    });
    await expect(remove(made.id)).resolves.toMatchObject({
      id: made.id,
      source: { app: 'calendar', key: 'ev-1' },
    });
    expect(await deliveries.findById(null, made.id)).toBeUndefined();
  });

  it('answers NOT_FOUND for another recipient’s delivery', async () => {
    const { deliveries, remove } = setup();
    const made = await storeDelivery(deliveries, {});
    await expect(remove(made.id, 'bob')).rejects.toMatchObject({
      code: 'NOTIFICATIONS.NOT_FOUND',
    });
  });
});
