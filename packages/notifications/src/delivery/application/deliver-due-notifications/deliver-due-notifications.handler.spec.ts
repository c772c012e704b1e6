import { type Transaction } from '@tickler/core';
import { sendCommand, sendHandlerFakes, subscriptionOf } from '../../../testing';
import { type NotificationsOptions } from '../../../shared/application/notifications.options';
import { SendNotificationHandler } from '../send-notification/send-notification.handler';
import {
  DeliverDueInTransactionError,
  DeliverDueNotifications,
} from './deliver-due-notifications.command';
import { DeliverDueNotificationsHandler } from './deliver-due-notifications.handler';
import { MissedNotices } from './missed-notices';
import { DueTimeRules } from './due-time-rules';

const T0 = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();

function setup(options: NotificationsOptions = {}) {
  const fakes = sendHandlerFakes(options, T0);
  const { clock, uow, deliveries, inbox, wakeUp, channels } = fakes;
  const send = new SendNotificationHandler(...fakes.args, fakes.series.port);
  const deliver = new DeliverDueNotificationsHandler(
    uow,
    clock,
    deliveries,
    wakeUp,
    channels.firing,
    fakes.options,
    new MissedNotices(fakes.ids, inbox),
    new DueTimeRules(fakes.ids, fakes.rules, deliveries, fakes.options),
  );
  const run = (id?: string) =>
    deliver.execute(Object.assign(new DeliverDueNotifications(), id === undefined ? {} : { id }));
  return { clock, uow, deliveries, inbox, wakeUp, channels, send, run };
}

describe('DeliverDueNotificationsHandler', () => {
  it('sends what is due (exactly now included), leaves the future, and re-arms at the next instant', async () => {
    const t = setup();
    const due = await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    await t.send.execute(sendCommand({ scheduledAt: at(5000) }));
    t.clock.set(at(1000));
    expect(await t.run()).toEqual({ sent: 1, missed: 0, failed: 0, dispatched: 0 });
    expect(t.inbox.items.map((i) => i.notificationId)).toEqual([due.delivery.id]);
    expect(t.wakeUp.calls.at(-1)).toBe(at(5000));
    expect(t.uow.published.filter((e) => e.type === 'notifications.sent')).toHaveLength(1);
  });

  it('does nothing before the instant (clock behind, or moved backwards)', async () => {
    const t = setup();
    await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    t.clock.set(at(-60_000));
    expect(await t.run()).toEqual({ sent: 0, missed: 0, failed: 0, dispatched: 0 });
  });

  it('settles downtime longer than the grace window as missed too-late, sending nothing', async () => {
    const t = setup({ graceMs: '1h' });
    await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    await t.send.execute(sendCommand({ scheduledAt: at(2 * 3_600_000) }));
    t.clock.set(at(2 * 3_600_000 + 1));
    expect(await t.run()).toEqual({ sent: 1, missed: 1, failed: 0, dispatched: 0 });
    expect(t.uow.published.find((e) => e.type === 'notifications.missed')?.payload).toMatchObject({
      reason: 'too-late',
    });
  });

  it('leaves one inbox notice per recipient per catch-up naming what was missed while off', async () => {
    const t = setup({ graceMs: '1h' });
    const first = await t.send.execute(
      sendCommand({ title: 'take the bins out', scheduledAt: at(1000) }),
    );
    const second = await t.send.execute(sendCommand({ title: 'call mum', scheduledAt: at(2000) }));
    const third = await t.send.execute(
      sendCommand({ title: 'water plants', scheduledAt: at(3000) }),
    );
    await t.send.execute(
      sendCommand({ recipientId: 'bob', title: 'bob’s', scheduledAt: at(1000) }),
    );
    const onTime = await t.send.execute(
      sendCommand({ title: 'fresh', scheduledAt: at(2 * 3_600_000) }),
    );
    t.clock.set(at(2 * 3_600_000 + 1));

    expect(await t.run()).toEqual({ sent: 1, missed: 4, failed: 0, dispatched: 0 });
    const notices = t.inbox.items.filter((i) => i.notificationId !== onTime.delivery.id);
    expect(notices).toEqual([
      {
        id: expect.any(String) as string,
        recipientId: 'alice',
        notificationId: notices[0]!.id,
        title: '3 reminders were missed while Tickler was off',
        message: '• take the bins out\n• call mum\n• water plants',
        url: null,
        createdAt: at(2 * 3_600_000 + 1),
        readAt: null,
      },
      expect.objectContaining({
        recipientId: 'bob',
        title: '1 reminder was missed while Tickler was off',
        message: '• bob’s',
      }),
    ]);
    expect(t.uow.published.filter((e) => e.type === 'notifications.missed-notice')).toEqual([
      expect.objectContaining({
        aggregateId: notices[0]!.id,
        payload: expect.objectContaining({
          recipientId: 'alice',
          deliveryIds: [first.delivery.id, second.delivery.id, third.delivery.id],
        }) as unknown,
      }),
      expect.objectContaining({
        payload: expect.objectContaining({ recipientId: 'bob' }) as unknown,
      }),
    ]);

    // The next run finds nothing new: no second notice.
    expect(await t.run()).toEqual({ sent: 0, missed: 0, failed: 0, dispatched: 0 });
    expect(t.inbox.items).toHaveLength(3);
  });

  it('writes no notice for rows missed by the sender’s own rules (event begun, expired)', async () => {
    const t = setup();
    await t.send.execute(sendCommand({ scheduledAt: at(1000), eventAt: at(2000) }));
    t.clock.set(at(2001));
    expect((await t.run()).missed).toBe(1);
    expect(t.inbox.items).toEqual([]);
    expect(t.uow.published.map((e) => e.type)).not.toContain('notifications.missed-notice');
  });

  it('delivers only the given id when asked', async () => {
    const t = setup();
    const a = await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    t.clock.set(at(1000));
    expect((await t.run(a.delivery.id)).sent).toBe(1);
    expect(t.inbox.items.map((i) => i.notificationId)).toEqual([a.delivery.id]);
  });

  it('drains in bounded batches and re-arms now when the run stops with work left', async () => {
    const t = setup({ batchSize: 10, maxBatchesPerRun: 2 });
    for (let i = 0; i < 25; i++) {
      await t.send.execute(sendCommand({ scheduledAt: at(1000 + i) }));
    }
    t.clock.set(at(10_000));
    expect((await t.run()).sent).toBe(20);
    expect(t.wakeUp.calls.at(-1)).toBe(at(10_000));
    expect((await t.run()).sent).toBe(5);
  });

  it('re-arms in the transaction of a batch that found nothing due, after publishing otherwise', async () => {
    const t = setup({ batchSize: 10, maxBatchesPerRun: 2 });
    let transactions = 0;
    const run = t.uow.run.bind(t.uow);
    t.uow.run = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
      transactions++;
      return run(work);
    };
    const publishedAtWakeUp: number[] = [];
    const wakeAt = t.wakeUp.wakeAt.bind(t.wakeUp);
    t.wakeUp.wakeAt = (tx: Transaction, instant: string): Promise<void> => {
      publishedAtWakeUp.push(t.uow.published.length);
      return wakeAt(tx, instant);
    };
    const count = async (work: () => Promise<unknown>): Promise<number> => {
      const before = transactions;
      await work();
      return transactions - before;
    };
    await t.send.execute(sendCommand({ scheduledAt: at(9000) }));
    t.clock.set(at(5000));
    // Nothing due: the due read and the re-arm commit together.
    expect(await count(() => t.run())).toBe(1);
    expect(t.wakeUp.calls.at(-1)).toBe(at(9000));
    for (let i = 0; i < 3; i++) {
      await t.send.execute(sendCommand({ scheduledAt: at(6000 + i) }));
    }
    t.clock.set(at(7000));
    // A short batch that sent something: its events are out before the re-arm runs.
    const published = t.uow.published.length;
    expect(await count(() => t.run())).toBe(2);
    expect(publishedAtWakeUp.at(-1)).toBe(published + 3);
    expect(t.wakeUp.calls.at(-1)).toBe(at(9000));
    for (let i = 0; i < 10; i++) {
      await t.send.execute(sendCommand({ scheduledAt: at(7500 + i) }));
    }
    t.clock.set(at(8000));
    // A full batch may hide more: the next (empty) batch carries the re-arm.
    expect(await count(() => t.run())).toBe(2);
    expect(t.wakeUp.calls.at(-1)).toBe(at(9000));
    for (let i = 0; i < 25; i++) {
      await t.send.execute(sendCommand({ scheduledAt: at(8500 + i) }));
    }
    t.clock.set(at(8900));
    // Stopped at the run's bound with work left: wake now, in a transaction of its own.
    expect(await count(() => t.run())).toBe(3);
    expect(t.wakeUp.calls.at(-1)).toBe(at(8900));
  });

  it('fires a due webhook-only notification into a pending channel send, sending nothing itself', async () => {
    const t = setup();
    await t.channels.subscriptions.insert(null, subscriptionOf());
    const { delivery } = await t.send.execute(
      sendCommand({ channel: 'webhook', scheduledAt: at(1000) }),
    );
    t.clock.set(at(1000));
    expect(await t.run()).toEqual({ sent: 0, missed: 0, failed: 0, dispatched: 1 });
    expect(t.deliveries.rows.get(delivery.id)).toMatchObject({ status: 'sending', dueAt: null });
    expect([...t.channels.sends.rows.values()]).toEqual([
      expect.objectContaining({ deliveryId: delivery.id, status: 'pending', dueAt: at(1000) }),
    ]);
    expect(t.channels.sendsWakeUp.calls).toEqual([at(1000)]);
    expect(t.channels.channel.requests).toEqual([]);
  });

  it('resolves targets when it fires: a subscription added after scheduling counts', async () => {
    const t = setup();
    await t.send.execute(sendCommand({ channels: ['inbox', 'webhook'], scheduledAt: at(1000) }));
    await t.channels.subscriptions.insert(null, subscriptionOf());
    t.clock.set(at(1000));
    expect(await t.run()).toMatchObject({ sent: 1 });
    expect([...t.channels.sends.rows.values()].map((s) => s.subscriptionId)).toEqual(['s1']);
    expect(t.inbox.items).toHaveLength(1);
  });

  it('refuses to run inside a caller’s transaction (it commits per batch and sends after commit)', async () => {
    const t = setup();
    await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    t.clock.set(at(2000));
    await expect(t.uow.run(() => t.run())).rejects.toThrow(DeliverDueInTransactionError);
    expect(t.inbox.items).toEqual([]);
  });
});
