import { ManualClock, toIsoUtc } from '@tickler/core';
import { NotificationDelivery } from '../../domain/notification-delivery.entity';
import { InMemoryDeliveryRepository } from '../../../testing';
import { CountDeliveriesByStatus } from './count-deliveries-by-status.command';
import { CountDeliveriesByStatusHandler } from './count-deliveries-by-status.handler';

const NOW = '2026-09-10T08:30:00.000Z';
const POLICY = { graceMs: 12 * 3_600_000, dryRun: false };

describe('CountDeliveriesByStatusHandler', () => {
  it('counts the stored deliveries per status and leaves statuses without rows out', async () => {
    const clock = new ManualClock(NOW);
    const deliveries = new InMemoryDeliveryRepository();
    const add = async (id: string, scheduledAt: string | null) => {
      const delivery = NotificationDelivery.create(
        { recipientId: 'ann', title: 't', message: '', scheduledAt },
        toIsoUtc(clock.now()),
        id,
        POLICY,
      );
      if (delivery.isDue(toIsoUtc(clock.now()))) {
        delivery.fire(toIsoUtc(clock.now()), { inbox: true, external: 0 });
      }
      await deliveries.insert(null, delivery);
      return delivery;
    };
    await add('a', null);
    await add('b', null);
    await add('c', '2026-09-10T09:00:00.000Z');
    const canceled = await add('d', '2026-09-10T10:00:00.000Z');
    canceled.cancel(NOW);
    await deliveries.save(null, canceled, { status: 'scheduled' });

    const handler = new CountDeliveriesByStatusHandler({ kysely: null as never }, deliveries);
    await expect(handler.execute(new CountDeliveriesByStatus())).resolves.toEqual({
      sent: 2,
      scheduled: 1,
      canceled: 1,
    });
  });

  it('answers an empty object for an empty store', async () => {
    const handler = new CountDeliveriesByStatusHandler(
      { kysely: null as never },
      new InMemoryDeliveryRepository(),
    );
    await expect(handler.execute(new CountDeliveriesByStatus())).resolves.toEqual({});
  });
});
