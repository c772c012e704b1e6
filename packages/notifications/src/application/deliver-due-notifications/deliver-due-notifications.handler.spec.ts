import { ManualClock, silentLogger, type Transaction } from '@tickler/core';
import {
  InMemoryIdempotencyRepository,
  FakeUnitOfWork,
  InMemoryDeliveryRepository,
  InMemoryInboxRepository,
  InMemorySubscriptionRepository,
  RecordingWakeUp,
  ScriptedWebhookSender,
  sendCommand,
  SequentialIds,
} from '../../testing';
import { type NotificationsOptions, resolveNotificationsOptions } from '../notifications.options';
import { SendNotificationHandler } from '../send-notification/send-notification.handler';
import {
  DeliverDueInTransactionError,
  DeliverDueNotifications,
} from './deliver-due-notifications.command';
import { DeliverDueNotificationsHandler } from './deliver-due-notifications.handler';

const T0 = '2026-09-10T08:30:00.000Z';
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();

function setup(options: NotificationsOptions = {}) {
  const clock = new ManualClock(T0);
  const ids = new SequentialIds();
  const uow = new FakeUnitOfWork();
  const deliveries = new InMemoryDeliveryRepository();
  const inbox = new InMemoryInboxRepository();
  const subscriptions = new InMemorySubscriptionRepository();
  const wakeUp = new RecordingWakeUp();
  const sender = new ScriptedWebhookSender();
  const resolved = resolveNotificationsOptions({ webhookBackoff: { baseMs: 1000 }, ...options });
  const send = new SendNotificationHandler(
    uow,
    clock,
    ids,
    deliveries,
    inbox,
    wakeUp,
    resolved,
    new InMemoryIdempotencyRepository(),
  );
  const deliver = new DeliverDueNotificationsHandler(
    uow,
    clock,
    ids,
    silentLogger,
    deliveries,
    inbox,
    subscriptions,
    wakeUp,
    sender,
    resolved,
    'instance-1',
  );
  const run = (id?: string) =>
    deliver.execute(Object.assign(new DeliverDueNotifications(), id === undefined ? {} : { id }));
  return { clock, uow, deliveries, inbox, subscriptions, wakeUp, sender, send, run };
}

describe('DeliverDueNotificationsHandler', () => {
  it('sends what is due (exactly now included), leaves the future, and re-arms at the next instant', async () => {
    const t = setup();
    const due = await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    await t.send.execute(sendCommand({ scheduledAt: at(5000) }));
    t.clock.set(at(1000));
    expect(await t.run()).toEqual({ sent: 1, missed: 0, failed: 0, retried: 0 });
    expect(t.inbox.items.map((i) => i.notificationId)).toEqual([due.delivery.id]);
    expect(t.wakeUp.calls.at(-1)).toBe(at(5000));
    expect(t.uow.published.filter((e) => e.type === 'notifications.sent')).toHaveLength(1);
  });

  it('does nothing before the instant (clock behind, or moved backwards)', async () => {
    const t = setup();
    await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    t.clock.set(at(-60_000));
    expect(await t.run()).toEqual({ sent: 0, missed: 0, failed: 0, retried: 0 });
  });

  it('settles downtime longer than the grace window as missed too-late, sending nothing', async () => {
    const t = setup({ graceMs: '1h' });
    await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    await t.send.execute(sendCommand({ scheduledAt: at(2 * 3_600_000) }));
    t.clock.set(at(2 * 3_600_000 + 1));
    expect(await t.run()).toEqual({ sent: 1, missed: 1, failed: 0, retried: 0 });
    expect(t.uow.published.find((e) => e.type === 'notifications.missed')?.payload).toMatchObject({
      reason: 'too-late',
    });
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

  it('claims a webhook, sends it outside the batch, retries after backoff, then fails with NotificationFailed', async () => {
    const t = setup({ webhookMaxAttempts: 2 });
    await t.subscriptions.upsertWebhook(null, {
      id: 's',
      recipientId: 'alice',
      kind: 'webhook',
      url: 'http://127.0.0.1:9/h',
      secret: 'sec',
      createdAt: T0,
    });
    t.sender.outcome = () => ({ ok: false, error: 'HTTP 500' });
    const { delivery } = await t.send.execute(sendCommand({ channel: 'webhook' }));
    expect(await t.run()).toEqual({ sent: 0, missed: 0, failed: 0, retried: 1 });
    expect(t.sender.sent[0]).toMatchObject({
      deliveryId: delivery.id,
      url: 'http://127.0.0.1:9/h',
      secret: 'sec',
    });
    expect(t.deliveries.rows.get(delivery.id)).toMatchObject({
      status: 'scheduled',
      dueAt: at(1000),
      attempts: 1,
    });
    expect(t.wakeUp.calls.at(-1)).toBe(at(1000));
    t.clock.set(at(1000));
    expect(await t.run()).toEqual({ sent: 0, missed: 0, failed: 1, retried: 0 });
    expect(t.uow.published.at(-1)).toMatchObject({
      type: 'notifications.failed',
      payload: { attempts: 2, lastError: 'HTTP 500' },
    });
  });

  it('never lets two runs both send one webhook: the claim takes the row out of the due set', async () => {
    const t = setup();
    await t.subscriptions.upsertWebhook(null, {
      id: 's',
      recipientId: 'alice',
      kind: 'webhook',
      url: 'http://127.0.0.1:9/h',
      secret: 'sec',
      createdAt: T0,
    });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.sender.send = async (d) => {
      t.sender.sent.push(d);
      await gate;
      return { ok: true, status: 200 };
    };
    await t.send.execute(sendCommand({ channel: 'webhook' }));
    const first = t.run();
    await new Promise((resolve) => setImmediate(resolve));
    const second = await t.run();
    release();
    expect(second.sent).toBe(0);
    expect((await first).sent).toBe(1);
    expect(t.sender.sent).toHaveLength(1);
  });

  it('refuses to run inside a caller’s transaction (it commits per batch and sends after commit)', async () => {
    const t = setup();
    await t.send.execute(sendCommand({ scheduledAt: at(1000) }));
    t.clock.set(at(2000));
    await expect(t.uow.run(() => t.run())).rejects.toThrow(DeliverDueInTransactionError);
    expect(t.inbox.items).toEqual([]);
  });
});
