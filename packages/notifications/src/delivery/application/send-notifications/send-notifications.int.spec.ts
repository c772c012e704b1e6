import {
  acceptedAsIs,
  type Application,
  CommandValidationError,
  type DomainEvent,
} from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { sql } from 'kysely';
import {
  MAX_SEND_ITEMS,
  NotificationSourceKeyTakenError,
  SendNotification,
  SendNotifications,
  type SendNotificationsResult,
} from '../../../index';
import { DELIVER_DUE_WAKE_UP_KEY } from '../../../shared/infrastructure/queue-delivery-wake-up';
import {
  createNotificationsTestApp,
  deliveryRows,
  type NotificationsTestApp,
  send,
} from '../../../testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const HOUR = 3_600_000;

type Item = Partial<SendNotification>;

function item(fields: Item = {}): Item {
  return {
    recipientId: 'alice',
    title: 'Bins out',
    message: 'Trash and recycling.',
    scheduledAt: at(HOUR),
    ...fields,
  };
}

function sendAll(app: Application, items: Item[]): Promise<SendNotificationsResult> {
  return app.dispatch(Object.assign(new SendNotifications(), { items }));
}

async function wakeUpAt(t: NotificationsTestApp): Promise<string | undefined> {
  const r = await sql<{ run_at: string }>`select run_at from shared_scheduled_commands
    where key = ${DELIVER_DUE_WAKE_UP_KEY} and status = 'pending'`.execute(t.db);
  return r.rows[0]?.run_at;
}

function deliveryCount(t: NotificationsTestApp): Promise<number> {
  return t.db
    .selectFrom('notification_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

async function rejection(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

async function validationPaths(run: Promise<unknown>): Promise<string[]> {
  const error = await rejection(run);
  expect(error).toBeInstanceOf(CommandValidationError);
  return [...new Set((error as CommandValidationError).fields.map((f) => f.path))].sort();
}

describe('SendNotifications', () => {
  let t: NotificationsTestApp;
  let events: DomainEvent[];
  beforeEach(async () => {
    t = await createNotificationsTestApp({ start: false });
    events = [];
    t.app.events.subscribe('*', (e) => events.push(e));
  });
  afterEach(async () => {
    await t.app.stop();
  });

  it('creates every item in one call, each as SendNotification would, and moves the wake-up once to the earliest', async () => {
    const { results } = await sendAll(t.app, [
      item({ scheduledAt: at(2 * HOUR), url: '/two' }),
      item({ recipientId: 'bob', scheduledAt: '2026-09-10T11:30:00+02:00' }),
      item({ scheduledAt: undefined }), // no instant: the immediate path
      item({ channel: 'webhook', scheduledAt: at(3 * HOUR) }),
    ]);
    expect(
      results.map((r) => [
        r.created,
        r.delivery.status,
        r.delivery.scheduledAt ?? r.delivery.sentAt,
      ]),
    ).toEqual([
      [true, 'scheduled', at(2 * HOUR)],
      [true, 'scheduled', '2026-09-10T09:30:00.000Z'],
      [true, 'sent', REFERENCE_TIME],
      [true, 'scheduled', at(3 * HOUR)],
    ]);
    expect(results[0]?.delivery.url).toBe('/two');
    const inbox = await t.db
      .selectFrom('notification_inbox')
      .select(['id', 'notification_id'])
      .execute();
    expect(inbox).toEqual([
      { id: results[2]?.delivery.id, notification_id: results[2]?.delivery.id },
    ]);
    expect(await deliveryCount(t)).toBe(4);
    expect(await wakeUpAt(t)).toBe('2026-09-10T09:30:00.000Z');
    expect(events.map((e) => e.type).sort()).toEqual([
      'notifications.scheduled',
      'notifications.scheduled',
      'notifications.scheduled',
      'notifications.sent',
    ]);
  });

  it('stores the same row as SendNotification for the same request', async () => {
    const fields = item({
      rule: 'lead:600',
      scheduledAt: undefined,
      eventAt: at(2 * HOUR),
      expiresAt: at(3 * HOUR),
      source: { app: 'home', key: 'bins', collection: 'pickups', id: 'p1' },
    });
    const one = await send(t.app, fields);
    const { results } = await sendAll(t.app, [{ ...fields, recipientId: 'bob' }]);
    const rows = await deliveryRows(t.db).orderBy('d.recipient_id').execute();
    const comparable = (r: Record<string, unknown>) => ({
      ...r,
      id: undefined,
      recipient_id: undefined,
    });
    expect(rows.map((r) => r.id)).toEqual([one.delivery.id, results[0]?.delivery.id]);
    expect(comparable(rows[1] ?? {})).toEqual(comparable(rows[0] ?? {}));
    expect(rows[1]).toMatchObject({
      scheduled_at: at(2 * HOUR - 600_000),
      source_rule: 'lead:600',
    });
  });

  it('replays idempotency keys from the store and from earlier in the batch', async () => {
    const first = await send(t.app, item({ idempotencyKey: 'k1' }));
    const { results } = await sendAll(t.app, [
      item({ idempotencyKey: 'k1' }),
      item({ idempotencyKey: 'k2' }),
      item({ idempotencyKey: 'k2' }),
      item({ idempotencyKey: 'k2', recipientId: 'bob' }),
    ]);
    expect(results.map((r) => r.created)).toEqual([false, true, false, true]);
    expect(results[0]?.delivery).toEqual(first.delivery);
    expect(results[2]?.delivery).toEqual(results[1]?.delivery);
    expect(await deliveryCount(t)).toBe(3);
  });

  it('refuses a key reused with a different request, from the store or earlier in the batch, naming the item', async () => {
    await send(t.app, item({ idempotencyKey: 'k1' }));
    const fromStore = await rejection(
      sendAll(t.app, [item({ idempotencyKey: 'k1', title: 'different' })]),
    );
    expect(fromStore).toMatchObject({
      code: 'IDEMPOTENCY.KEY_REUSED',
      details: { field: 'items.0.idempotencyKey' },
    });
    const inBatch = await rejection(
      sendAll(t.app, [
        item({ idempotencyKey: 'k3' }),
        item({ idempotencyKey: 'k3', title: 'different' }),
      ]),
    );
    expect(inBatch).toMatchObject({ details: { field: 'items.1.idempotencyKey' } });
    expect(await deliveryCount(t)).toBe(1);
  });

  it('is all or nothing: a source key taken in the store or earlier in the batch rejects the whole call', async () => {
    const source = { app: 'home', key: 'bins' };
    const stored = await send(t.app, item({ source }));
    const inStore = await rejection(
      sendAll(t.app, [item({ recipientId: 'bob' }), item({ source })]),
    );
    expect(inStore).toBeInstanceOf(NotificationSourceKeyTakenError);
    expect((inStore as NotificationSourceKeyTakenError).existingId).toBe(stored.delivery.id);

    const inBatch = await rejection(
      sendAll(t.app, [item({ recipientId: 'bob', source }), item({ recipientId: 'bob', source })]),
    );
    expect(inBatch).toBeInstanceOf(NotificationSourceKeyTakenError);
    expect(await deliveryCount(t)).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['notifications.scheduled']);
  });

  it('rejects the whole call naming items.<index>.<field> and writes nothing', async () => {
    const paths = await validationPaths(
      sendAll(t.app, [
        item(),
        item({ title: '' }),
        item({ scheduledAt: 'tomorrow', recipientId: 'a b' }),
        { ...item(), colour: 'red' } as Item,
        item({ source: { app: 'home' } as SendNotification['source'] }),
      ]),
    );
    expect(paths).toEqual([
      'items.1.title',
      'items.2.recipientId',
      'items.2.scheduledAt',
      'items.3.colour',
      'items.4.source.key',
    ]);
    expect(await deliveryCount(t)).toBe(0);
    expect(await wakeUpAt(t)).toBeUndefined();
  });

  it('validates items sent as plain data (the HTTP path) the same way', async () => {
    const ok = (await t.app.bus.dispatchPlain(SendNotifications.type, {
      items: [item(), item()],
    })) as SendNotificationsResult;
    expect(ok.results.map((r) => r.created)).toEqual([true, true]);
    expect(
      await validationPaths(
        t.app.bus.dispatchPlain(SendNotifications.type, { items: [item(), 'x'] }),
      ),
    ).toEqual(['items.1']);
    expect(
      await validationPaths(t.app.bus.dispatchPlain(SendNotifications.type, { items: 'x' })),
    ).toEqual(['items']);
  });

  it(`refuses more than ${MAX_SEND_ITEMS} items naming items`, async () => {
    const items = Array.from({ length: MAX_SEND_ITEMS + 1 }, () => item());
    expect(await validationPaths(sendAll(t.app, items))).toEqual(['items']);
    expect(await deliveryCount(t)).toBe(0);
  });

  it('takes the bus fast path for valid items, constructed or plain, and never for a bad one', () => {
    const constructed = (fields: Item) => Object.assign(new SendNotification(), fields);
    const full = item({
      url: '/x',
      channel: 'inbox',
      idempotencyKey: 'k',
      source: { app: 'home', key: 'bins', id: 'p1' },
    });
    const ruled = item({
      scheduledAt: undefined,
      rule: 'lead:0@expiry',
      eventAt: at(HOUR),
      expiresAt: at(2 * HOUR),
    });
    const batch = (items: Item[]) => Object.assign(new SendNotifications(), { items });
    expect(acceptedAsIs(SendNotifications, batch([item(), full, ruled, constructed(full)]))).toBe(
      true,
    );
    expect(acceptedAsIs(SendNotification, constructed(ruled))).toBe(true);
    for (const bad of [
      item({ title: '' }),
      item({ rule: 'lead:0@expiry', scheduledAt: undefined, eventAt: at(HOUR) }),
      item({ source: [] as unknown as SendNotification['source'] }),
      item({ channel: 'sms' }),
    ]) {
      expect(acceptedAsIs(SendNotifications, batch([item(), bad]))).toBe(false);
    }
  });

  it('accepts an empty list and does nothing', async () => {
    expect(await sendAll(t.app, [])).toEqual({ results: [] });
    expect(await wakeUpAt(t)).toBeUndefined();
  });
});
