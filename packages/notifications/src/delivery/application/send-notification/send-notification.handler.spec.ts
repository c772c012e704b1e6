import { sendCommand, sendHandlerFakes, subscriptionOf } from '../../../testing';
import { SendNotificationHandler } from './send-notification.handler';

const NOW = '2026-09-10T08:30:00.000Z';

function setup(options = {}) {
  const { uow, deliveries, inbox, wakeUp, channels, args, series, idempotency } =
    sendHandlerFakes(options);
  const handler = new SendNotificationHandler(...args, series.port);
  return { uow, deliveries, inbox, wakeUp, channels, handler, idempotency };
}

describe('SendNotificationHandler', () => {
  it('sends an immediate inbox notification: row + inbox item + sent event, no wake-up', async () => {
    const { handler, inbox, wakeUp, uow } = setup();
    const { delivery, created } = await handler.execute(sendCommand());
    expect(created).toBe(true);
    expect(delivery).toMatchObject({ status: 'sent', inboxId: delivery.id, sentAt: NOW });
    expect(inbox.items).toEqual([
      expect.objectContaining({ id: delivery.id, notificationId: delivery.id }),
    ]);
    expect(wakeUp.calls).toEqual([]);
    expect(uow.published.map((e) => e.type)).toEqual(['notifications.sent']);
  });

  it('schedules a future notification and moves the wake-up to its instant, without a sent event', async () => {
    const { handler, inbox, wakeUp, uow } = setup();
    const { delivery } = await handler.execute(
      sendCommand({ scheduledAt: '2026-09-10T11:30:00+02:00' }),
    );
    expect(delivery).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2026-09-10T09:30:00.000Z',
    });
    const later = await handler.execute(sendCommand({ scheduledAt: '2026-09-10T09:00:00Z' }));
    expect(later.delivery.scheduledAt).toBe('2026-09-10T09:00:00.000Z');
    expect(inbox.items).toEqual([]);
    expect(wakeUp.calls).toEqual(['2026-09-10T09:30:00.000Z', '2026-09-10T09:00:00.000Z']);
    expect(uow.published.map((e) => e.type)).toEqual([
      'notifications.scheduled',
      'notifications.scheduled',
    ]);
  });

  it('returns the existing delivery for a replayed idempotency key', async () => {
    const { handler, deliveries } = setup();
    const first = await handler.execute(
      sendCommand({ idempotencyKey: 'k', scheduledAt: '2026-09-11T00:00:00Z' }),
    );
    const replay = await handler.execute(
      sendCommand({ idempotencyKey: 'k', scheduledAt: '2026-09-11T02:00:00+02:00' }),
    );
    expect(replay).toEqual({ delivery: first.delivery, created: false });
    expect(deliveries.rows.size).toBe(1);
  });

  it('fires an immediate webhook-only notification: sending, one pending send, the send loop woken, nothing sent in the call', async () => {
    const { handler, wakeUp, channels, uow } = setup();
    await channels.subscriptions.insert(null, subscriptionOf());
    const { delivery } = await handler.execute(sendCommand({ channel: 'webhook' }));
    expect(delivery).toMatchObject({
      status: 'sending',
      requestedChannels: ['webhook'],
      channels: [{ channel: 'webhook', subscriptionId: 's1', status: 'pending' }],
    });
    expect(channels.sendsWakeUp.calls).toEqual([NOW]);
    expect(channels.channel.requests).toEqual([]);
    expect(wakeUp.calls).toEqual([]);
    expect(uow.published).toEqual([]);
  });

  it('resolves the default set when it fires: inbox plus subscriptions marked default, not the others', async () => {
    const { handler, channels } = setup();
    await channels.subscriptions.insert(null, subscriptionOf({ id: 'plain' }));
    await channels.subscriptions.insert(
      null,
      subscriptionOf({ id: 'chosen', targetKey: 'other', isDefault: true }),
    );
    const { delivery } = await handler.execute(sendCommand());
    expect(delivery).toMatchObject({ status: 'sent', requestedChannels: null });
    expect(delivery.channels.map((c) => [c.channel, c.subscriptionId, c.status])).toEqual([
      ['inbox', null, 'sent'],
      ['webhook', 'chosen', 'pending'],
    ]);
  });

  it('fails a notification whose channels have no target at all, saying no-target', async () => {
    const { handler, uow } = setup();
    const { delivery } = await handler.execute(sendCommand({ channels: ['webhook'] }));
    expect(delivery).toMatchObject({ status: 'failed', lastError: 'no-target', channels: [] });
    expect(uow.published.map((e) => e.type)).toEqual(['notifications.failed']);
  });

  it('refuses channels and its older alias channel together, naming channel', async () => {
    const { handler } = setup();
    await expect(
      handler.execute(sendCommand({ channels: ['inbox'], channel: 'webhook' })),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', field: 'channel' });
  });

  it('settles an immediate send as missed (dry-run) without an inbox row in dry-run mode', async () => {
    const { handler, inbox } = setup({ delivery: 'dry-run' });
    const { delivery } = await handler.execute(sendCommand());
    expect(delivery).toMatchObject({ status: 'missed', missedReason: 'dry-run' });
    expect(inbox.items).toEqual([]);
  });
});

describe('SendNotificationHandler and a reused idempotency key', () => {
  it('replays the same request, and refuses another request under the same key (409, nothing written)', async () => {
    const { handler, deliveries } = setup();
    const first = await handler.execute(sendCommand({ idempotencyKey: 'k1', title: 'a' }));
    const again = await handler.execute(sendCommand({ idempotencyKey: 'k1', title: 'a' }));
    expect(again).toEqual({ delivery: first.delivery, created: false });
    await expect(
      handler.execute(sendCommand({ idempotencyKey: 'k1', title: 'b' })),
    ).rejects.toMatchObject({
      code: 'IDEMPOTENCY.KEY_REUSED',
      details: { field: 'idempotencyKey' },
    });
    expect(deliveries.rows.size).toBe(1);
  });

  it('refuses any request under a key whose delivery was deleted (409, nothing written)', async () => {
    const { handler, deliveries } = setup();
    const first = await handler.execute(sendCommand({ idempotencyKey: 'k2' }));
    await deliveries.deleteOne(undefined, first.delivery.id, { status: 'sent' });
    for (const title of ['Bins out', 'Other']) {
      await expect(
        handler.execute(sendCommand({ idempotencyKey: 'k2', title })),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY.NOTIFICATION_DELETED' });
    }
    expect(deliveries.rows.size).toBe(0);
  });

  it('compares a key recorded before every field counted on the fields it recorded then', async () => {
    const { handler, idempotency } = setup();
    const scheduledAt = '2026-09-10T11:30:00+02:00';
    const first = await handler.execute(sendCommand({ idempotencyKey: 'old', scheduledAt }));
    // As the previous release recorded this request: sha256 of its canonical JSON, no `v2:` mark.
    idempotency.records.set(
      'alice\u0000old',
      'db55ca3da425ee005e819fb2a103557e06dafd9fc6ee0fa713089402622e4b63',
    );
    const replay = { delivery: first.delivery, created: false };
    expect(await handler.execute(sendCommand({ idempotencyKey: 'old', scheduledAt }))).toEqual(
      replay,
    );
    // The old record holds no priority: it cannot tell this one apart.
    expect(
      await handler.execute(sendCommand({ idempotencyKey: 'old', scheduledAt, priority: 'high' })),
    ).toEqual(replay);
    await expect(
      handler.execute(sendCommand({ idempotencyKey: 'old', scheduledAt, title: 'Other' })),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY.KEY_REUSED' });
  });
});
