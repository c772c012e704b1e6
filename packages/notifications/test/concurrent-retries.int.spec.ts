import { type Application } from '@tickler/core';
import { RegisterSubscription, RetryAllChannelSends, RetryChannelSend } from '../src';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  ScriptedChannel,
  send,
} from '../src/testing';

// The operator's retries called twice at once (two admin pages, a double click through a slow
// proxy, two daemons on one database): each failed send is sent again once. On PostgreSQL under
// READ COMMITTED both transactions used to read the same failed, not yet retried sends before
// either committed, and both inserted a retry of each. Both back ends (the PostgreSQL run is
// where the race was: `node tools/postgres/run-postgres-tests.js
// packages/notifications/jest.postgres.config.js concurrent-retries`).
const N = 20;
let app: Application | undefined;

afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/**
 * `count` notifications whose webhook send failed for good (a 4xx is not retried); the endpoint
 * answers 2xx from then on, so every retry ends `sent` and a second retry would show as a row.
 */
async function failedSends(count: number): Promise<NotificationsTestApp> {
  const channel = new ScriptedChannel('webhook');
  channel.outcome = () => ({
    ok: false,
    errorClass: 'http-4xx',
    retryable: false,
    maybeDelivered: false,
    detail: 'scripted 400',
  });
  // The subscription is not paused by its run of failures: its retries must go out.
  const t = await createNotificationsTestApp({ channels: [channel], pauseAfterFailures: 1_000 });
  app = t.app;
  await app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      url: 'http://127.0.0.1:9/h',
    }),
  );
  for (let i = 0; i < count; i++) {
    await send(app, { channel: 'webhook', title: `n${i}` });
  }
  await t.sendsSettled();
  channel.outcome = () => ({ ok: true });
  return t;
}

/** Once the retries went out: how many sends each notification has, and of which status. */
async function sendsPerNotification(t: NotificationsTestApp) {
  await t.sendsSettled();
  const rows = await t.db
    .selectFrom('notification_channel_sends')
    .select(['delivery_id', 'status'])
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    counts.set(row.delivery_id, (counts.get(row.delivery_id) ?? 0) + 1);
  }
  return {
    notifications: counts.size,
    sends: [...new Set(counts.values())],
    failed: rows.filter((r) => r.status === 'failed').length,
    sent: rows.filter((r) => r.status === 'sent').length,
  };
}

describe('the operator’s retries called concurrently', () => {
  it('two retry-all calls at once retry each failed send exactly once between them', async () => {
    const t = await failedSends(N);
    expect(await sendsPerNotification(t)).toEqual({
      notifications: N,
      sends: [1],
      failed: N,
      sent: 0,
    });

    const views = await Promise.all([
      t.app.dispatch(new RetryAllChannelSends()),
      t.app.dispatch(new RetryAllChannelSends()),
    ]);

    // One call took them all; the other found every one already retried.
    expect(views.map((v) => v.retried).sort((a, b) => a - b)).toEqual([0, N]);
    expect(views.every((v) => !v.more)).toBe(true);
    expect(await sendsPerNotification(t)).toEqual({
      notifications: N,
      sends: [2],
      failed: N,
      sent: N,
    });
  });

  it('two retries of one failed send at once make one new send; the other is refused', async () => {
    const t = await failedSends(1);
    const [failed] = await t.db.selectFrom('notification_channel_sends').select('id').execute();
    const retry = () =>
      t.app.dispatch(Object.assign(new RetryChannelSend(), { id: failed?.id ?? '' }));

    const outcomes = await Promise.allSettled([retry(), retry()]);

    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'NOTIFICATIONS.SEND_NOT_FAILED' });
    expect(await sendsPerNotification(t)).toEqual({
      notifications: 1,
      sends: [2],
      failed: 1,
      sent: 1,
    });
  });
});
