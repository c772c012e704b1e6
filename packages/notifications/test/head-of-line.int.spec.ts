import { type Application } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import {
  GetNotification,
  ListSubscriptions,
  type NotificationChannelSent,
  RegisterSubscription,
} from '../src';
import { ChannelSendPool } from '../src/context';
import {
  createNotificationsTestApp,
  send,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../src/testing';

// Issue 12, "Head-of-line": 64 webhook rows to an endpoint that never answers once held another
// user's inbox reminder back by 79.5 s (the batch awaited every request). Now the dispatcher
// fires and commits; the send loop claims what the pool can start and returns.

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const SLOW_ROWS = 64;

let slow: WebhookReceiver;
let fast: WebhookReceiver;
let app: Application;
beforeEach(async () => {
  slow = await startWebhookReceiver();
  slow.respond = () => new Promise<number>(() => undefined); // never answers
  fast = await startWebhookReceiver();
});
afterEach(async () => {
  await app.stop({ deadlineMs: 0 });
  await slow.close();
  await fast.close();
});

describe('head-of-line: an endpoint that never answers', () => {
  it('delays neither another user’s inbox reminder nor another endpoint, and its own rows still settle by policy', async () => {
    const t = await createNotificationsTestApp({
      // Real time (the network's clock, not the scheduler's). Long enough that the fast endpoint
      // answers inside it on a loaded machine: at 200 ms its request timed out under a load of
      // ~15 on 2 cores (PostgreSQL run), and its retry waited for a clock nobody advanced.
      webhookTimeoutMs: 2000,
      webhookMaxAttempts: 2,
      webhookBackoff: { baseMs: 1000 },
      pauseAfterFailures: 10,
    });
    app = t.app;
    const register = (recipientId: string, url: string) =>
      app.dispatch(Object.assign(new RegisterSubscription(), { recipientId, url }));
    await register('hooked', slow.url);
    await register('bob', fast.url);
    const due = at(60_000);
    const slowIds: string[] = [];
    for (let i = 0; i < SLOW_ROWS; i++) {
      slowIds.push(
        (await send(app, { recipientId: 'hooked', channels: ['webhook'], scheduledAt: due }))
          .delivery.id,
      );
    }
    const bobsHook = await send(app, {
      recipientId: 'bob',
      channels: ['webhook'],
      scheduledAt: due,
    });
    const alices = await send(app, { recipientId: 'alice', title: 'Dentist', scheduledAt: due });
    const bobSent = new Promise<void>((resolve) => {
      app.events.subscribe('notifications.channel-sent', (e) => {
        if ((e as NotificationChannelSent).payload.deliveryId === bobsHook.delivery.id) {
          resolve();
        }
      });
    });

    // The one deliver-due run at the instant: it returns (the queue goes idle) while the slow
    // endpoint's requests are still open.
    await t.clock.advance(60_000);
    const pool = app.get(ChannelSendPool);
    expect(pool.inFlight).toBeGreaterThan(0);
    const alice = await app.dispatch(
      Object.assign(new GetNotification(), { recipientId: 'alice', id: alices.delivery.id }),
    );
    expect(alice).toMatchObject({ status: 'sent', sentAt: due, channels: [{ channel: 'inbox' }] });
    // At most 4 requests in flight to one endpoint; the other endpoint was not held up.
    expect(slow.received.length).toBeLessThanOrEqual(4);
    await bobSent;
    expect(fast.received).toHaveLength(1);

    // The slow endpoint's rows settle by policy: timeouts, one retry after backoff, then the
    // subscription pauses and its remaining sends fail as paused.
    for (let round = 0; round < 100 && (await live(t)) > 0; round++) {
      await pool.idle();
      await t.clock.advance(10_000);
    }
    expect(await live(t)).toBe(0);
    const outcomes = await t.db
      .selectFrom('notification_channel_sends')
      .select(['delivery_id', 'status', 'last_error'])
      .where('delivery_id', 'in', slowIds)
      .execute();
    expect(outcomes).toHaveLength(SLOW_ROWS);
    for (const o of outcomes) {
      expect(o.status).toBe('failed');
      expect(['timeout', 'paused']).toContain(o.last_error);
    }
    const notifications = await t.db
      .selectFrom('notification_deliveries')
      .select('status')
      .where('id', 'in', slowIds)
      .execute();
    expect(new Set(notifications.map((n) => n.status))).toEqual(new Set(['failed']));
    const [hooked] = await app.dispatch(
      Object.assign(new ListSubscriptions(), { recipientId: 'hooked' }),
    );
    expect(hooked?.pausedReason).toBe('paused after 10 failed attempts in a row (last: timeout)');
    expect(slow.received.length).toBeLessThan(SLOW_ROWS); // pausing spared the endpoint
  }, 60_000);
});

async function live(t: Awaited<ReturnType<typeof createNotificationsTestApp>>): Promise<number> {
  const rows = await t.db
    .selectFrom('notification_channel_sends')
    .select('id')
    .where('status', 'in', ['pending', 'sending'])
    .execute();
  return rows.length;
}
