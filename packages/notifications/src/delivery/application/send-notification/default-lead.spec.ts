import { sendCommand, sendHandlerFakes } from '../../../testing';
import { SendNotificationsHandler } from '../send-notifications/send-notifications.handler';
import { SendNotifications } from '../send-notifications/send-notifications.command';
import { SendNotificationHandler } from './send-notification.handler';

const EVENT = '2026-09-10T12:00:00.000Z';

describe("the profile's default lead", () => {
  it('sends a reminder given only eventAt that long before the event', async () => {
    const fakes = sendHandlerFakes();
    await fakes.profiles.set('alice', { defaultLead: '15m' });
    const handler = new SendNotificationHandler(...fakes.args, fakes.series.port);
    const { delivery } = await handler.execute(sendCommand({ eventAt: EVENT }));
    expect(delivery).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-09-10T11:45:00.000Z',
      eventAt: EVENT,
      source: null,
    });
  });

  it('leaves an explicit time or lead rule, and a person without a default lead, alone', async () => {
    const fakes = sendHandlerFakes();
    await fakes.profiles.set('alice', { defaultLead: '15m' });
    const handler = new SendNotificationHandler(...fakes.args, fakes.series.port);
    const ruled = await handler.execute(sendCommand({ eventAt: EVENT, rule: 'lead:3600' }));
    expect(ruled.delivery.scheduledAt).toBe('2026-09-10T11:00:00.000Z');
    const timed = await handler.execute(
      sendCommand({ eventAt: EVENT, scheduledAt: '2026-09-10T10:00:00Z' }),
    );
    expect(timed.delivery.scheduledAt).toBe('2026-09-10T10:00:00.000Z');
    // bob has no profile: a reminder with only eventAt goes out at once, as before.
    const bob = await handler.execute(sendCommand({ recipientId: 'bob', eventAt: EVENT }));
    expect(bob.delivery).toMatchObject({ status: 'sent', scheduledAt: null });
  });

  it('applies to each item of a batch, reading the profiles once', async () => {
    const fakes = sendHandlerFakes();
    await fakes.profiles.set('alice', { defaultLead: '1h' });
    const handler = new SendNotificationsHandler(...fakes.args);
    const result = await handler.execute(
      Object.assign(new SendNotifications(), {
        items: [
          sendCommand({ eventAt: EVENT }),
          sendCommand({ eventAt: EVENT, recipientId: 'bob' }),
        ],
      }),
    );
    expect(result.results.map((r) => r.delivery.scheduledAt)).toEqual([
      '2026-09-10T11:00:00.000Z',
      null,
    ]);
    expect(fakes.profiles.reads).toBe(1);
  });
});
