// Over 300 lines: the webhook adapter's own behaviour against a real receiver (signatures and
// their rotation, error classes, pausing); the address rule has its own file, the guarantees the
// shared channel contract suite (test/channel-contract).
import { type Application } from '@tickler/core';
import { Webhook } from 'standardwebhooks';
import {
  GetNotification,
  ListSubscriptions,
  RegisterSubscription,
  ResumeSubscription,
  type SubscriptionView,
} from '../../..';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../testing';

/** The app's clock at the real time: the `standardwebhooks` receiver checks timestamps against it. */
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
const ERROR_CLASSES = [
  'unreachable',
  'connection-refused',
  'timeout',
  'http-3xx',
  'http-4xx',
  'http-5xx',
  'refused-target',
];

let receiver: WebhookReceiver;
const apps: Application[] = [];
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  await receiver.close();
});

async function boot(
  options: Parameters<typeof createNotificationsTestApp>[0] = {},
): Promise<NotificationsTestApp> {
  const t = await createNotificationsTestApp({ at: NOW, ...options });
  apps.push(t.app);
  return t;
}

function register(app: Application, fields: Partial<RegisterSubscription> = {}) {
  return app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      url: receiver.url,
      ...fields,
    }),
  );
}

async function channelOf(t: NotificationsTestApp, id: string) {
  const view = await t.app.dispatch(
    Object.assign(new GetNotification(), { recipientId: 'alice', id }),
  );
  return { view, channel: view.channels.find((c) => c.channel === 'webhook') };
}

async function sendIdOf(t: NotificationsTestApp, deliveryId: string): Promise<string> {
  const row = await t.db
    .selectFrom('notification_channel_sends')
    .select('id')
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('webhook channel: Standard Webhooks signatures', () => {
  it('signs every POST so the standardwebhooks package verifies it; webhook-id = Idempotency-Key = the send id', async () => {
    const t = await boot();
    const { secret } = await register(t.app);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const { delivery } = await send(t.app, { channel: 'webhook', title: 'Ping' });
    expect(receiver.received).toHaveLength(0); // nothing on the network inside the request
    await t.sendsSettled();
    const [request] = receiver.received;
    const sendId = await sendIdOf(t, delivery.id);
    expect(request?.headers['webhook-id']).toBe(sendId);
    expect(request?.headers['idempotency-key']).toBe(sendId);
    expect(request?.headers['webhook-timestamp']).toBe(String(Date.parse(NOW) / 1000));
    const payload = new Webhook(secret ?? '').verify(request?.body ?? '', {
      'webhook-id': String(request?.headers['webhook-id']),
      'webhook-timestamp': String(request?.headers['webhook-timestamp']),
      'webhook-signature': String(request?.headers['webhook-signature']),
    });
    expect(payload).toMatchObject({ id: delivery.id, userId: 'alice', title: 'Ping', attempt: 1 });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of 24+ bytes').toString('base64')}`).verify(
        request?.body ?? '',
        request?.headers as Record<string, string>,
      ),
    ).toThrow(/No matching signature/);
    expect((await channelOf(t, delivery.id)).view).toMatchObject({ status: 'sent', sentAt: NOW });
  });

  it('a receiver refuses a signature older than the documented 5-minute tolerance', async () => {
    const sixMinutesAgo = new Date(Date.parse(NOW) - 6 * 60_000).toISOString();
    const t = await boot({ at: sixMinutesAgo });
    const { secret } = await register(t.app);
    await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    const [request] = receiver.received;
    expect(() =>
      new Webhook(secret ?? '').verify(
        request?.body ?? '',
        request?.headers as Record<string, string>,
      ),
    ).toThrow(/too old/);
  });

  it('rotates the secret on re-registration: both signatures during the 24 h overlap, then only the new one', async () => {
    const t = await boot();
    const first = await register(t.app);
    const second = await register(t.app);
    expect(second.id).toBe(first.id);
    expect(second.secret).not.toBe(first.secret);
    await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    const during = receiver.received[0];
    expect(String(during?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [first.secret, second.secret]) {
      expect(() =>
        new Webhook(secret ?? '').verify(
          during?.body ?? '',
          during?.headers as Record<string, string>,
        ),
      ).not.toThrow();
    }
    // Jump past the overlap (advancing would run the minutely safety net 1,440 times).
    t.clock.set(Date.parse(NOW) + 24 * 3_600_000 + 1);
    await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    const after = receiver.received[1];
    const id = String(after?.headers['webhook-id']);
    const at = new Date(Number(after?.headers['webhook-timestamp']) * 1000);
    const body = after?.body ?? '';
    expect(after?.headers['webhook-signature']).toBe(
      new Webhook(second.secret ?? '').sign(id, at, body),
    );
    expect(after?.headers['webhook-signature']).not.toContain(
      new Webhook(first.secret ?? '').sign(id, at, body).slice(3),
    );
  });

  it('keeps at most 3 live secrets however often it is rotated: a request carries 3 signatures, the newest (issue 29)', async () => {
    const t = await boot();
    const secrets: string[] = [];
    for (let i = 0; i < 30; i++) {
      secrets.push((await register(t.app)).secret ?? '');
    }
    await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    const request = receiver.received[0];
    const headers = request?.headers as Record<string, string>;
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(3);
    for (const secret of secrets.slice(-3)) {
      expect(() => new Webhook(secret).verify(request?.body ?? '', headers)).not.toThrow();
    }
    expect(() => new Webhook(secrets[26] ?? '').verify(request?.body ?? '', headers)).toThrow();
  });
});

describe('webhook channel: outcomes the owner sees', () => {
  it('shows generic error classes that say what happened, never the socket text: 5xx, 4xx, timeout, 3xx, connection refused', async () => {
    const t = await boot({ webhookMaxAttempts: 1, webhookTimeoutMs: 200 });
    const answers = [503, 404, 0, 301, 307];
    receiver.respond = (_r, index) =>
      answers[index] === 0 ? new Promise<number>(() => undefined) : (answers[index] ?? 200);
    await register(t.app);
    const outcomes: (string | null | undefined)[] = [];
    for (let i = 0; i < answers.length; i++) {
      const { delivery } = await send(t.app, { channel: 'webhook' });
      await t.sendsSettled();
      outcomes.push((await channelOf(t, delivery.id)).channel?.lastError);
    }
    // A closed port.
    const closed = await startWebhookReceiver();
    await closed.close();
    await register(t.app, { url: closed.url });
    const { delivery } = await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    const last = await channelOf(t, delivery.id);
    outcomes.push(last.channel?.lastError);
    expect(outcomes).toEqual([
      'http-5xx',
      'http-4xx',
      'timeout',
      'http-3xx',
      'http-3xx',
      'connection-refused',
    ]);
    expect(last.view).toMatchObject({ status: 'failed', lastError: 'connection-refused' });
    for (const outcome of outcomes) {
      expect(ERROR_CLASSES).toContain(outcome);
    }
  });

  it('does not retry a 4xx answer, and deactivates a subscription whose endpoint answers 410 Gone', async () => {
    const t = await boot({ webhookBackoff: { baseMs: 1000 } });
    receiver.respond = () => 410;
    const { id } = await register(t.app);
    const { delivery } = await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    await t.clock.advance(10_000);
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(1);
    expect((await channelOf(t, delivery.id)).channel).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'http-4xx',
    });
    const [subscription] = await t.app.dispatch(
      Object.assign(new ListSubscriptions(), { recipientId: 'alice' }),
    );
    expect(subscription).toMatchObject({
      id,
      active: false,
      deactivatedReason: 'the endpoint answered 410 Gone',
    });
    // A deactivated subscription is no target: the next webhook-only notification has none.
    const next = await send(t.app, { channel: 'webhook' });
    expect(next.delivery).toMatchObject({ status: 'failed', lastError: 'no-target' });
  });

  it('pauses a subscription after failed attempts in a row, with a reason its owner sees; its other sends fail as paused; resume makes it work again', async () => {
    const t = await boot({ webhookMaxAttempts: 1, pauseAfterFailures: 3 });
    receiver.respond = () => 500;
    const { id } = await register(t.app);
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      sent.push((await send(t.app, { channel: 'webhook' })).delivery.id);
      await t.sendsSettled();
    }
    const list = (): Promise<SubscriptionView[]> =>
      t.app.dispatch(Object.assign(new ListSubscriptions(), { recipientId: 'alice' }));
    expect((await list())[0]).toMatchObject({
      pausedAt: NOW,
      pausedReason: 'paused after 3 failed attempts in a row (last: http-5xx)',
    });
    const later = await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(3); // the paused endpoint gets nothing more
    expect((await channelOf(t, later.delivery.id)).channel).toMatchObject({
      status: 'failed',
      lastError: 'paused',
      attempts: 0,
    });
    receiver.respond = () => 200;
    const resumed = await t.app.dispatch(
      Object.assign(new ResumeSubscription(), { recipientId: 'alice', id }),
    );
    expect(resumed).toMatchObject({ pausedAt: null, pausedReason: null });
    const after = await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    expect((await channelOf(t, after.delivery.id)).view.status).toBe('sent');
  });
});
