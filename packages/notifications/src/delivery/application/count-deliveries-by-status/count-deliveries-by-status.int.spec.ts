import { CancelNotification } from '../cancel-notification/cancel-notification.command';
import { createNotificationsTestApp, send } from '../../../testing';
import { CountDeliveriesByStatus } from './count-deliveries-by-status.command';

describe('CountDeliveriesByStatus on the real store', () => {
  it('counts every recipient’s deliveries per status with one grouped read', async () => {
    const { app } = await createNotificationsTestApp({ start: false });
    try {
      await expect(app.dispatch(new CountDeliveriesByStatus())).resolves.toEqual({});
      await send(app, { recipientId: 'ann' });
      await send(app, { recipientId: 'bob' });
      await send(app, { recipientId: 'bob', scheduledAt: '2030-01-01T00:00:00Z' });
      const { delivery } = await send(app, { scheduledAt: '2030-01-02T00:00:00Z' });
      await app.dispatch(
        Object.assign(new CancelNotification(), { recipientId: 'alice', id: delivery.id }),
      );
      await expect(app.dispatch(new CountDeliveriesByStatus())).resolves.toEqual({
        sent: 2,
        scheduled: 1,
        canceled: 1,
      });
    } finally {
      await app.stop();
    }
  });
});
