import { GetNotification, RegisterSubscription } from '../src';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
  startNtfyStandIn,
  startWebhookReceiver,
  type NtfyStandIn,
  type WebhookReceiver,
} from '../src/testing';

// Issue 33 item 2: when a send of a reminder fails for good (a permanent refusal, or its retries
// spent), it is sent once by the reminder's fallback channel instead, from a durable row written
// with the failure (not a timer).

let webhook: WebhookReceiver;
let ntfy: NtfyStandIn;
const apps: NotificationsTestApp[] = [];
beforeEach(async () => {
  webhook = await startWebhookReceiver();
  ntfy = await startNtfyStandIn();
});
afterEach(async () => {
  for (const t of apps.splice(0)) {
    await t.app.stop();
  }
  await webhook.close();
  await ntfy.close();
});

async function subscribe(t: NotificationsTestApp, fields: Record<string, unknown>) {
  return t.app.dispatch(
    Object.assign(new RegisterSubscription(), { recipientId: 'alice', ...fields }),
  );
}

/** Alice with a webhook (the channel that fails) and, unless `withNtfy` is false, an ntfy topic. */
async function boot(withNtfy = true): Promise<NotificationsTestApp> {
  const t = await createNotificationsTestApp({ webhookMaxAttempts: 3 });
  apps.push(t);
  await subscribe(t, { url: webhook.url });
  if (withNtfy) {
    await subscribe(t, { kind: 'ntfy', server: ntfy.url, topic: 'alice' });
  }
  return t;
}

/**
 * `sendsSettled` until no send is live and due: a fallback send is created by a settle, and on
 * PostgreSQL the loop run its commit kicks may still hold it (SKIP LOCKED) when the harness
 * looks, so one round can return before the fallback's turn.
 */
async function settled(t: NotificationsTestApp): Promise<void> {
  for (let round = 0; round < 50; round++) {
    await t.sendsSettled();
    const now = t.clock.now().toISOString();
    const live = await t.db
      .selectFrom('notification_channel_sends')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'sending'),
          eb.and([eb('status', '=', 'pending'), eb('due_at', '<=', now)]),
        ]),
      )
      .execute();
    if (live.length === 0) {
      return;
    }
  }
  throw new Error('channel sends still live after 50 rounds');
}

function viewOf(t: NotificationsTestApp, id: string) {
  return t.app.dispatch(Object.assign(new GetNotification(), { recipientId: 'alice', id }));
}

/** The fallback sends stored, as (channel, status). */
async function fallbackRows(t: NotificationsTestApp) {
  return t.db
    .selectFrom('notification_channel_sends')
    .select(['channel', 'status'])
    .where('fallback', '=', 1)
    .execute();
}

describe('fallback: a send failed for good, sent once by another channel', () => {
  it('falls back once when the webhook refuses for good (410), and the reminder ends sent', async () => {
    webhook.respond = () => 410;
    const t = await boot();
    const { delivery } = await send(t.app, {
      channels: ['webhook'],
      fallback: { channel: 'ntfy' },
    });
    expect((await viewOf(t, delivery.id)).fallback).toEqual({
      channel: 'ntfy',
      status: 'standby',
      at: null,
    });
    await settled(t);
    expect(webhook.received).toHaveLength(1);
    expect(ntfy.received).toHaveLength(1);
    const view = await viewOf(t, delivery.id);
    expect(view.status).toBe('sent');
    expect(view.fallback).toEqual({ channel: 'ntfy', status: 'sent', at: view.sentAt });
    expect(view.channels.map((c) => [c.channel, c.status, c.lastError])).toEqual([
      ['webhook', 'failed', 'http-4xx'],
      ['ntfy', 'sent', null],
    ]);
    expect(await fallbackRows(t)).toEqual([{ channel: 'ntfy', status: 'sent' }]);
  });

  it('falls back only when the retries are spent, not on a failed attempt', async () => {
    webhook.respond = () => 503;
    const t = await boot();
    const { delivery } = await send(t.app, {
      channels: ['inbox', 'webhook'],
      fallback: { channel: 'ntfy' },
    });
    await settled(t);
    expect(webhook.received).toHaveLength(1);
    expect(await fallbackRows(t)).toEqual([]);
    expect((await viewOf(t, delivery.id)).fallback?.status).toBe('standby');
    for (let attempt = 2; attempt <= 3; attempt++) {
      await t.clock.advance(3_600_000); // past any backoff
      await settled(t);
    }
    expect(webhook.received).toHaveLength(3);
    expect(ntfy.received).toHaveLength(1);
    expect((await viewOf(t, delivery.id)).fallback?.status).toBe('sent');
    await t.clock.advance(3_600_000);
    await settled(t);
    expect(ntfy.received).toHaveLength(1);
  });

  it('falls back once when two sends of the reminder fail for good', async () => {
    ntfy.respond = () => 410;
    const t = await boot();
    await subscribe(t, { kind: 'ntfy', server: ntfy.url, topic: 'bob' });
    const { delivery } = await send(t.app, {
      channels: ['ntfy'],
      fallback: { channel: 'webhook' },
    });
    await settled(t);
    expect(ntfy.received).toHaveLength(2);
    expect(webhook.received).toHaveLength(1);
    expect(await fallbackRows(t)).toEqual([{ channel: 'webhook', status: 'sent' }]);
    expect((await viewOf(t, delivery.id)).status).toBe('sent');
  });

  it('stays on standby when every send goes out, and sends nothing', async () => {
    const t = await boot();
    const { delivery } = await send(t.app, {
      channels: ['webhook'],
      fallback: { channel: 'ntfy' },
    });
    await settled(t);
    expect(ntfy.received).toHaveLength(0);
    expect((await viewOf(t, delivery.id)).fallback).toEqual({
      channel: 'ntfy',
      status: 'standby',
      at: null,
    });
  });

  it('is failed when no subscription of the fallback kind is there, and the reminder fails', async () => {
    webhook.respond = () => 410;
    const t = await boot(false);
    const { delivery } = await send(t.app, {
      channels: ['webhook'],
      fallback: { channel: 'ntfy' },
    });
    await settled(t);
    const view = await viewOf(t, delivery.id);
    expect(view.status).toBe('failed');
    expect(view.fallback).toMatchObject({ channel: 'ntfy', status: 'failed' });
    expect(view.fallback?.at).not.toBeNull();
  });

  it('reports a failed fallback send as failed', async () => {
    webhook.respond = () => 410;
    ntfy.respond = () => 403;
    const t = await boot();
    const { delivery } = await send(t.app, {
      channels: ['webhook'],
      fallback: { channel: 'ntfy' },
    });
    await settled(t);
    const view = await viewOf(t, delivery.id);
    expect(view.status).toBe('failed');
    expect(view.fallback).toMatchObject({ channel: 'ntfy', status: 'failed' });
    expect(ntfy.received).toHaveLength(1);
  });

  it('refuses a bad fallback naming the field', async () => {
    const t = await boot();
    await expect(send(t.app, { fallback: { channel: 'inbox' } })).rejects.toThrow(
      /fallback\.channel|channel/,
    );
    await expect(
      send(t.app, { fallback: 'email' as unknown as { channel: string } }),
    ).rejects.toThrow(/fallback/);
  });

  it('adds nothing to a reminder without fallback', async () => {
    webhook.respond = () => 410;
    const t = await boot();
    const { delivery } = await send(t.app, { channels: ['webhook'] });
    await settled(t);
    expect((await viewOf(t, delivery.id)).fallback).toBeNull();
    expect(ntfy.received).toHaveLength(0);
    expect(await fallbackRows(t)).toEqual([]);
  });
});
