import { type Application } from '@tickler/core';
import { GetNotification, RegisterSubscription } from '../src';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../src/testing';

// Issue 33 item 6: per person and channel, at most N sends per window (TICKLER_THROTTLE); what
// is over the limit is deferred and says so in the reminder's view, never dropped.

const HOUR = 3_600_000;
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

async function boot(throttle: string): Promise<NotificationsTestApp> {
  const t = await createNotificationsTestApp({ throttle });
  apps.push(t.app);
  for (const recipientId of ['alice', 'bob']) {
    await t.app.dispatch(
      Object.assign(new RegisterSubscription(), { recipientId, url: receiver.url }),
    );
  }
  return t;
}

async function webhookOf(t: NotificationsTestApp, id: string, recipientId = 'alice') {
  const view = await t.app.dispatch(Object.assign(new GetNotification(), { recipientId, id }));
  return { status: view.status, channel: view.channels.find((c) => c.channel === 'webhook') };
}

describe('throttling: at most N sends per person and channel per window', () => {
  it('sends the first N, defers the rest with lastError "throttled", and sends them when the window lets them go', async () => {
    const t = await boot('2/1h');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await send(t.app, { channel: 'webhook', title: `n${i}` })).delivery.id);
      await t.sendsSettled();
      await t.clock.advance(60_000);
    }
    expect(receiver.received).toHaveLength(2);
    const third = await webhookOf(t, ids[2]!);
    expect(third).toMatchObject({
      status: 'sending',
      channel: { status: 'pending', lastError: 'throttled', attempts: 0 },
    });

    // The first send leaves the window one hour after it went: the deferred one goes then.
    await t.clock.advance(HOUR - 3 * 60_000 - 1);
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(2);
    await t.clock.advance(1);
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(3);
    expect(await webhookOf(t, ids[2]!)).toMatchObject({
      status: 'sent',
      channel: { status: 'sent', lastError: null, attempts: 1 },
    });
  });

  it('counts per person: another person is not held back by alice’s limit', async () => {
    const t = await boot('1/1h');
    await send(t.app, { channel: 'webhook', recipientId: 'alice' });
    const held = await send(t.app, { channel: 'webhook', recipientId: 'alice' });
    const bobs = await send(t.app, { channel: 'webhook', recipientId: 'bob' });
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(2);
    expect((await webhookOf(t, held.delivery.id)).channel).toMatchObject({
      status: 'pending',
      lastError: 'throttled',
    });
    expect((await webhookOf(t, bobs.delivery.id, 'bob')).channel).toMatchObject({
      status: 'sent',
    });
  });

  it('a burst of 50 to one person with the default 30/1h: 30 go now, 20 wait, none is lost', async () => {
    const t = await boot('30/1h');
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push((await send(t.app, { channel: 'webhook', title: `b${i}` })).delivery.id);
    }
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(30);
    await t.clock.advance(HOUR);
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(50);
    for (const id of ids) {
      expect((await webhookOf(t, id)).status).toBe('sent');
    }
  });

  it('off sends everything at once', async () => {
    const t = await boot('off');
    for (let i = 0; i < 40; i++) {
      await send(t.app, { channel: 'webhook' });
    }
    await t.sendsSettled();
    expect(receiver.received).toHaveLength(40);
  });
});
