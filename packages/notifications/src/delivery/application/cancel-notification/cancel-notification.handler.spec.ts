import { ManualClock } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import {
  FakeUnitOfWork,
  InMemoryDeliveryRepository,
  recurringSeriesOf,
  storeDelivery,
} from '../../../testing';
import { CancelNotification } from './cancel-notification.command';
import { CancelNotificationHandler } from './cancel-notification.handler';

function setup() {
  const uow = new FakeUnitOfWork();
  const deliveries = new InMemoryDeliveryRepository();
  const clock = new ManualClock(REFERENCE_TIME);
  const handler = new CancelNotificationHandler(
    uow,
    clock,
    deliveries,
    recurringSeriesOf(deliveries),
  );
  const cancel = (id: string, recipientId = 'alice') =>
    handler.execute(Object.assign(new CancelNotification(), { recipientId, id }));
  return { uow, deliveries, cancel };
}

describe('CancelNotificationHandler', () => {
  it('cancels a scheduled delivery, keeps the row as a tombstone and announces it after commit', async () => {
    const { uow, deliveries, cancel } = setup();
    const { id } = await storeDelivery(deliveries);
    const view = await cancel(id);
    expect(view).toMatchObject({ id, recipientId: 'alice', status: 'canceled' });
    expect(deliveries.rows.get(id)).toMatchObject({ status: 'canceled', dueAt: null });
    expect(uow.published).toEqual([
      expect.objectContaining({
        type: 'notifications.canceled',
        payload: expect.objectContaining({ reason: 'requested' }) as object,
      }),
    ]);
  });

  it('answers a second cancel with the canceled view and no second event', async () => {
    const { uow, deliveries, cancel } = setup();
    const { id } = await storeDelivery(deliveries);
    await cancel(id);
    await expect(cancel(id)).resolves.toMatchObject({ status: 'canceled' });
    expect(uow.published).toHaveLength(1);
  });

  it('reports another recipient’s delivery as not found and leaves it scheduled', async () => {
    const { deliveries, cancel } = setup();
    const { id } = await storeDelivery(deliveries);
    await expect(cancel(id, 'mallory')).rejects.toMatchObject({ code: 'NOTIFICATIONS.NOT_FOUND' });
    expect(deliveries.rows.get(id)?.status).toBe('scheduled');
  });

  it('answers a sent delivery as it is and changes nothing (seed 001 §3.1: a no-op)', async () => {
    const { uow, deliveries, cancel } = setup();
    const { id } = await storeDelivery(deliveries, { scheduledAt: null });
    await expect(cancel(id)).resolves.toMatchObject({ id, status: 'sent' });
    expect(deliveries.rows.get(id)?.status).toBe('sent');
    expect(uow.published).toEqual([]);
  });
});
