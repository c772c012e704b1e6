import { IdempotencyKeyReusedError } from '../../../shared/domain/notification.errors';
import { sendCommand, sendHandlerFakes } from '../../../testing';
import { NotificationSourceInput } from '../send-notification/send-notification.command';
import { SendNotifications } from './send-notifications.command';
import { SendNotificationsHandler } from './send-notifications.handler';

function setup() {
  const { uow, deliveries, inbox, wakeUp, args } = sendHandlerFakes();
  const handler = new SendNotificationsHandler(...args);
  const sendAll = (items: ReturnType<typeof sendCommand>[]) =>
    handler.execute(Object.assign(new SendNotifications(), { items }));
  return { uow, deliveries, inbox, wakeUp, sendAll };
}

describe('SendNotificationsHandler', () => {
  it('creates every item in one go: inbox rows for immediate sends, one wake-up at the earliest instant', async () => {
    const { uow, deliveries, inbox, wakeUp, sendAll } = setup();
    const { results } = await sendAll([
      sendCommand({ recipientId: 'ann', scheduledAt: '2026-09-10T12:00:00Z' }),
      sendCommand({ recipientId: 'bob' }),
      sendCommand({ recipientId: 'ann', scheduledAt: '2026-09-10T10:00:00Z' }),
    ]);
    expect(results.map((r) => [r.created, r.delivery.recipientId, r.delivery.status])).toEqual([
      [true, 'ann', 'scheduled'],
      [true, 'bob', 'sent'],
      [true, 'ann', 'scheduled'],
    ]);
    expect(deliveries.rows.size).toBe(3);
    expect(inbox.items.map((i) => i.recipientId)).toEqual(['bob']);
    expect(wakeUp.calls).toEqual(['2026-09-10T10:00:00.000Z']);
    expect(uow.published.map((e) => e.type).sort()).toEqual([
      'notifications.scheduled',
      'notifications.scheduled',
      'notifications.sent',
    ]);
  });

  it('replays a repeated idempotency key with the same request within the batch as the first item’s delivery', async () => {
    const { deliveries, sendAll } = setup();
    const { results } = await sendAll([
      sendCommand({ idempotencyKey: 'k', title: 'first' }),
      sendCommand({ idempotencyKey: 'k', title: 'first' }),
    ]);
    expect(results.map((r) => [r.created, r.delivery.title])).toEqual([
      [true, 'first'],
      [false, 'first'],
    ]);
    expect(results[1]?.delivery.id).toBe(results[0]?.delivery.id);
    expect(deliveries.rows.size).toBe(1);
  });

  it('refuses the whole batch when an idempotency key comes back with a different request', async () => {
    const { deliveries, sendAll } = setup();
    await expect(
      sendAll([
        sendCommand({ idempotencyKey: 'k', title: 'first' }),
        sendCommand({ idempotencyKey: 'k', title: 'second' }),
      ]),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(deliveries.rows.size).toBe(0);
  });

  it('rejects the whole batch when two items take one source key, writing nothing', async () => {
    const { uow, deliveries, inbox, sendAll } = setup();
    const sourced = {
      source: Object.assign(new NotificationSourceInput(), { app: 'cal', key: 'e1' }),
    };
    await expect(
      sendAll([sendCommand(sourced), sendCommand({ ...sourced, title: 'again' })]),
    ).rejects.toMatchObject({ code: 'NOTIFICATIONS.SOURCE_KEY_TAKEN' });
    expect(deliveries.rows.size).toBe(0);
    expect(inbox.items).toEqual([]);
    expect(uow.published).toEqual([]);
  });
});
