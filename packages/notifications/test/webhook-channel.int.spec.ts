import { CommandValidationError } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import { sql } from 'kysely';
import {
  DeliverDueNotifications,
  GetNotification,
  ListSubscriptions,
  type NotificationFailed,
  RegisterWebhook,
  RemoveSubscription,
  SendNotificationNow,
  verifyWebhookSignature,
} from '../src';
import {
  createNotificationsTestApp,
  send,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../src/testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

function cmd<T extends object>(ctor: new () => T, fields: Partial<T>): T {
  return Object.assign(new ctor(), fields);
}

let receiver: WebhookReceiver;
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe('webhook channel against a real HTTP server', () => {
  it('queues an immediate webhook, then POSTs it signed with the delivery id as idempotency key', async () => {
    const { app, clock } = await createNotificationsTestApp({ webhookBackoff: { baseMs: 1000 } });
    const sub = await app.dispatch(
      cmd(RegisterWebhook, { recipientId: 'alice', url: receiver.url }),
    );
    expect(sub.secret).toMatch(/^whsec_/);
    const { delivery } = await send(app, { channel: 'webhook', title: 'Ping' });
    expect(delivery).toMatchObject({ status: 'scheduled', scheduledAt: REFERENCE_TIME });
    expect(receiver.received).toHaveLength(0); // nothing on the network inside the request
    await clock.advance(0);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request?.headers['x-tickler-id']).toBe(delivery.id);
    expect(request?.headers['idempotency-key']).toBe(delivery.id);
    const timestamp = request?.headers['x-tickler-timestamp'] as string;
    expect(timestamp).toBe(String(Date.parse(REFERENCE_TIME) / 1000));
    expect(
      verifyWebhookSignature(
        sub.secret,
        timestamp,
        request?.body ?? '',
        request?.headers['x-tickler-signature'] as string,
      ),
    ).toBe(true);
    expect(
      verifyWebhookSignature(
        'wrong',
        timestamp,
        request?.body ?? '',
        request?.headers['x-tickler-signature'] as string,
      ),
    ).toBe(false);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      id: delivery.id,
      userId: 'alice',
      title: 'Ping',
    });
    const view = await app.dispatch(
      cmd(GetNotification, { recipientId: 'alice', id: delivery.id }),
    );
    expect(view).toMatchObject({
      status: 'sent',
      attempts: 1,
      inboxId: null,
      sentAt: REFERENCE_TIME,
    });
    await app.stop();
  });

  it('retries a failing endpoint with backoff and sends on a later attempt', async () => {
    const { app, clock } = await createNotificationsTestApp({
      webhookBackoff: { baseMs: 1000, maxMs: 60_000 },
    });
    await app.dispatch(cmd(RegisterWebhook, { recipientId: 'alice', url: receiver.url }));
    receiver.respond = (_r, index) => (index < 2 ? 503 : 204);
    const { delivery } = await send(app, { channel: 'webhook', scheduledAt: at(10_000) });
    await clock.advance(10_000);
    expect(receiver.received).toHaveLength(1);
    let view = await app.dispatch(cmd(GetNotification, { recipientId: 'alice', id: delivery.id }));
    expect(view).toMatchObject({
      status: 'scheduled',
      attempts: 1,
      lastError: expect.stringContaining('HTTP 503') as string,
    });
    await clock.advance(999);
    expect(receiver.received).toHaveLength(1);
    await clock.advance(1);
    expect(receiver.received).toHaveLength(2);
    await clock.advance(2_000);
    expect(receiver.received).toHaveLength(3);
    view = await app.dispatch(cmd(GetNotification, { recipientId: 'alice', id: delivery.id }));
    expect(view).toMatchObject({ status: 'sent', attempts: 3 });
    expect(new Set(receiver.received.map((r) => r.headers['x-tickler-id']))).toEqual(
      new Set([delivery.id]),
    );
    await app.stop();
  });

  it('fails after the configured attempts, keeping the last error and raising NotificationFailed', async () => {
    const { app, clock } = await createNotificationsTestApp({
      webhookMaxAttempts: 2,
      webhookBackoff: { baseMs: 1000 },
    });
    const failed: NotificationFailed[] = [];
    app.events.subscribe('notifications.failed', (e) => failed.push(e as NotificationFailed));
    await app.dispatch(cmd(RegisterWebhook, { recipientId: 'alice', url: receiver.url }));
    receiver.respond = () => 500;
    const { delivery } = await send(app, { channel: 'webhook' });
    await clock.advance(0);
    await clock.advance(1000);
    await clock.advance(3_600_000);
    expect(receiver.received).toHaveLength(2);
    const view = await app.dispatch(
      cmd(GetNotification, { recipientId: 'alice', id: delivery.id }),
    );
    expect(view).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: expect.stringContaining('HTTP 500') as string,
    });
    expect(failed.map((e) => e.payload)).toEqual([
      expect.objectContaining({ deliveryId: delivery.id, attempts: 2 }),
    ]);
    await app.stop();
  });

  it('fails a webhook delivery for a recipient without an endpoint, saying so', async () => {
    const { app, clock } = await createNotificationsTestApp();
    const { delivery } = await send(app, { channel: 'webhook', recipientId: 'nobody' });
    await clock.advance(0);
    const view = await app.dispatch(
      cmd(GetNotification, { recipientId: 'nobody', id: delivery.id }),
    );
    expect(view).toMatchObject({
      status: 'failed',
      lastError: 'no webhook registered for recipient nobody',
    });
    await app.stop();
  });

  it('times out a hanging endpoint as a failed attempt', async () => {
    const { app } = await createNotificationsTestApp({ start: false, webhookTimeoutMs: 200 });
    await app.dispatch(cmd(RegisterWebhook, { recipientId: 'alice', url: receiver.url }));
    receiver.respond = () => new Promise<number>(() => undefined);
    const { delivery } = await send(app, { channel: 'webhook' });
    expect(await app.dispatch(new DeliverDueNotifications())).toEqual({
      sent: 0,
      missed: 0,
      failed: 0,
      retried: 1,
    });
    const view = await app.dispatch(
      cmd(GetNotification, { recipientId: 'alice', id: delivery.id }),
    );
    expect(view.lastError).toMatch(/abort|timeout/i);
    await app.stop();
  });

  async function abandonClaim(policy: 'at-least-once' | 'at-most-once') {
    const t = await createNotificationsTestApp({ start: false, webhookPolicy: policy });
    await t.app.dispatch(cmd(RegisterWebhook, { recipientId: 'alice', url: receiver.url }));
    const { delivery } = await send(t.app, { channel: 'webhook' });
    // What a process that died mid-request leaves behind: a claim whose lease then expires.
    await sql`update notification_deliveries set status = 'sending', attempts = 1, lease_token = 'dead', due_at = ${at(60_000)} where id = ${delivery.id} and status = 'scheduled'`.execute(
      t.db,
    );
    expect(await t.app.dispatch(new DeliverDueNotifications())).toEqual({
      sent: 0,
      missed: 0,
      failed: 0,
      retried: 0,
    });
    t.clock.set(at(60_000));
    const result = await t.app.dispatch(new DeliverDueNotifications());
    const view = await t.app.dispatch(
      cmd(GetNotification, { recipientId: 'alice', id: delivery.id }),
    );
    await t.app.stop();
    return { result, view };
  }

  it('at-least-once: an abandoned claim is retried once its lease expires', async () => {
    const { result, view } = await abandonClaim('at-least-once');
    expect(result.sent).toBe(1);
    expect(view).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receiver.received).toHaveLength(1);
  });

  it('at-most-once: an abandoned claim fails instead of being retried', async () => {
    const { result, view } = await abandonClaim('at-most-once');
    expect(result.failed).toBe(1);
    expect(view).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringContaining('abandoned') as string,
    });
    expect(receiver.received).toHaveLength(0);
  });

  it('send-now brings a scheduled webhook due at once', async () => {
    const { app, clock } = await createNotificationsTestApp();
    await app.dispatch(cmd(RegisterWebhook, { recipientId: 'alice', url: receiver.url }));
    const { delivery } = await send(app, { channel: 'webhook', scheduledAt: at(3_600_000) });
    await clock.advance(0);
    const view = await app.dispatch(
      cmd(SendNotificationNow, { recipientId: 'alice', id: delivery.id }),
    );
    expect(view).toMatchObject({ status: 'scheduled', scheduledAt: REFERENCE_TIME });
    await clock.advance(0);
    expect(receiver.received).toHaveLength(1);
    expect(
      (await app.dispatch(cmd(GetNotification, { recipientId: 'alice', id: delivery.id }))).status,
    ).toBe('sent');
    await app.stop();
  });

  it('registers, rotates, lists and removes a recipient’s webhook; only http(s) URLs', async () => {
    const { app } = await createNotificationsTestApp({ start: false });
    await expect(
      app.dispatch(cmd(RegisterWebhook, { recipientId: 'alice', url: 'ftp://example.com/x' })),
    ).rejects.toBeInstanceOf(CommandValidationError);
    const first = await app.dispatch(
      cmd(RegisterWebhook, { recipientId: 'alice', url: receiver.url }),
    );
    const second = await app.dispatch(
      cmd(RegisterWebhook, { recipientId: 'alice', url: 'https://hooks.example.com/t' }),
    );
    expect(second.secret).not.toBe(first.secret);
    const list = await app.dispatch(cmd(ListSubscriptions, { recipientId: 'alice' }));
    expect(list).toEqual([
      {
        id: second.id,
        recipientId: 'alice',
        kind: 'webhook',
        url: 'https://hooks.example.com/t',
        createdAt: REFERENCE_TIME,
      },
    ]);
    await expect(
      app.dispatch(cmd(RemoveSubscription, { recipientId: 'bob', id: second.id })),
    ).rejects.toMatchObject({
      code: 'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND',
    });
    await app.dispatch(cmd(RemoveSubscription, { recipientId: 'alice', id: second.id }));
    expect(await app.dispatch(cmd(ListSubscriptions, { recipientId: 'alice' }))).toEqual([]);
    await app.stop();
  });
});
