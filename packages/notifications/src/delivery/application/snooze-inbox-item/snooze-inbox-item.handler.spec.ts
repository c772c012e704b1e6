import { ManualClock } from '@tickler/core';
import { invalidArgumentFrom } from '@tickler/core/testing';
import {
  channelFakes,
  FakeUnitOfWork,
  InMemoryDeliveryRepository,
  RecordingWakeUp,
  SequentialIds,
  sendCommand,
  sendHandlerFakes,
} from '../../../testing';
import { resolveNotificationsOptions } from '../../../shared/application/notifications.options';
import { SendNotificationHandler } from '../send-notification/send-notification.handler';
import { SnoozeInboxItem } from './snooze-inbox-item.command';
import { SnoozeInboxItemHandler } from './snooze-inbox-item.handler';
import { snoozeInstant } from './snooze-instant';

const NOW = '2026-09-10T08:30:00.000Z';

async function setup() {
  const fakes = sendHandlerFakes();
  const send = new SendNotificationHandler(...fakes.args, fakes.series.port);
  const sent = await send.execute(
    sendCommand({ title: 'Call Bob', message: 'about the boat', url: '/b', channels: ['inbox'] }),
  );
  const snooze = new SnoozeInboxItemHandler(
    fakes.uow,
    fakes.clock,
    fakes.ids,
    fakes.inbox,
    fakes.deliveries,
    fakes.wakeUp,
    fakes.options,
  );
  const run = (fields: Partial<SnoozeInboxItem>) =>
    snooze.execute(
      Object.assign(new SnoozeInboxItem(), {
        recipientId: 'alice',
        inboxId: sent.delivery.inboxId,
        ...fields,
      }),
    );
  return { ...fakes, sent: sent.delivery, run };
}

describe('SnoozeInboxItemHandler (manual clock)', () => {
  it('schedules the same content for the same person 10 minutes later, linked to the item', async () => {
    const t = await setup();
    const again = await t.run({ for: '10m' });
    expect(again).toMatchObject({
      recipientId: 'alice',
      status: 'scheduled',
      title: 'Call Bob',
      message: 'about the boat',
      url: '/b',
      requestedChannels: ['inbox'],
      scheduledAt: '2026-09-10T08:40:00.000Z',
      snoozedFrom: t.sent.inboxId,
    });
    expect(again.id).not.toBe(t.sent.id);
    expect(t.wakeUp.calls).toContain('2026-09-10T08:40:00.000Z');
    expect(t.inbox.items[0]?.readAt).toBe(NOW);
    expect(t.uow.published.map((e) => e.type)).toContain('notifications.scheduled');
  });

  it('snoozes until an instant', async () => {
    const t = await setup();
    const again = await t.run({ until: '2026-09-10T12:00:00+02:00' });
    expect(again.scheduledAt).toBe('2026-09-10T10:00:00.000Z');
  });

  it("does not find another person's item, and creates nothing", async () => {
    const t = await setup();
    await expect(t.run({ recipientId: 'bob', for: '10m' })).rejects.toMatchObject({
      code: 'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND',
    });
    expect(t.deliveries.rows.size).toBe(1);
  });
});

describe('snoozeInstant', () => {
  it.each([
    [{}, 'for'],
    [{ for: '10m', until: '2026-09-10T09:00:00Z' }, 'until'],
    [{ until: NOW }, 'until'],
    [{ until: '2026-09-10T08:00:00Z' }, 'until'],
    [{ for: '10' }, 'for'],
    [{ for: '400d' }, 'for'],
    [{ until: '2028-01-01T00:00:00Z' }, 'until'],
  ])('refuses %j naming %s', (input, field) => {
    expect(invalidArgumentFrom(() => snoozeInstant(input, NOW)).field).toBe(field);
  });
});

// Keeps the import list honest for a handler built from scratch (no sent item at all).
it('answers not found for an id that never existed', async () => {
  const ids = new SequentialIds();
  const channels = channelFakes(ids);
  const handler = new SnoozeInboxItemHandler(
    new FakeUnitOfWork(),
    new ManualClock(NOW),
    ids,
    channels.inbox,
    new InMemoryDeliveryRepository(),
    new RecordingWakeUp(),
    resolveNotificationsOptions({}),
  );
  await expect(
    handler.execute(
      Object.assign(new SnoozeInboxItem(), { recipientId: 'alice', inboxId: 'nope', for: '1m' }),
    ),
  ).rejects.toMatchObject({ code: 'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND' });
});
