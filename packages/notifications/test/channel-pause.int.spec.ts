import { CommandValidationError } from '@tickler/core';
import {
  GetNotification,
  GetQueueInstants,
  ListChannelStates,
  ListPausedSubscriptions,
  ListSubscriptions,
  PauseChannel,
  PauseSubscriptionSends,
  RemoveSubscription,
  ResumeChannel,
  ResumeSubscriptionSends,
} from '../src';
import {
  type NotificationsTestApp,
  send,
  startWebhookTestApps,
  type WebhookTestApps,
} from '../src/testing';

// Issue 33 item 5: the operator pauses a channel kind; its sends wait (pending, unclaimed, not
// failed) however far time moves, and go once, at once, when it is resumed. Manual clock only.

const MINUTE = 60_000;
let kit: WebhookTestApps;
beforeEach(async () => {
  kit = await startWebhookTestApps();
});
afterEach(() => kit.close());

/** An app where alice has a webhook subscription to the receiver (each send names its channel). */
const boot = (): Promise<NotificationsTestApp> => kit.boot();

async function webhookOf(t: NotificationsTestApp, id: string) {
  const view = await t.app.dispatch(
    Object.assign(new GetNotification(), { recipientId: 'alice', id }),
  );
  return view.channels.find((c) => c.channel === 'webhook');
}

const pause = (t: NotificationsTestApp, kind: string) =>
  t.app.dispatch(Object.assign(new PauseChannel(), { kind }));
const resume = (t: NotificationsTestApp, kind: string) =>
  t.app.dispatch(Object.assign(new ResumeChannel(), { kind }));

describe('pausing a channel kind', () => {
  it('holds its sends past their due instant, then sends each once when resumed', async () => {
    const t = await boot();
    expect(await pause(t, 'webhook')).toMatchObject({ kind: 'webhook', paused: true });
    const due = new Date(t.clock.now().getTime() + MINUTE).toISOString();
    const { delivery } = await send(t.app, { channel: 'webhook', scheduledAt: due });

    for (const step of [2 * MINUTE, 20 * MINUTE]) {
      await t.clock.advance(step);
      await t.sendsSettled();
      expect(kit.receiver.received).toHaveLength(0);
      expect(await webhookOf(t, delivery.id)).toMatchObject({ status: 'pending', attempts: 0 });
    }
    // Waiting on a pause is not a send the loop must look at: the queue's next send is none.
    expect(await t.app.dispatch(new GetQueueInstants())).toMatchObject({ nextSendAt: null });
    const listed = await t.app.dispatch(new ListChannelStates());
    expect(listed.items.find((c) => c.kind === 'webhook')).toMatchObject({ paused: true });
    expect(listed.items.find((c) => c.kind === 'push')).toMatchObject({ paused: false });

    expect(await resume(t, 'webhook')).toEqual({ kind: 'webhook', paused: false, pausedAt: null });
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(1);
    await t.clock.advance(10 * MINUTE);
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(1);
    expect(await webhookOf(t, delivery.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('holds back only the paused kind, keeps the first pause instant, and refuses an unknown kind naming it', async () => {
    const t = await boot();
    const first = await pause(t, 'ntfy');
    await t.clock.advance(MINUTE);
    expect(await pause(t, 'ntfy')).toEqual(first);
    await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(1);
    expect(await resume(t, 'webhook')).toMatchObject({ paused: false });

    for (const kind of ['pigeon', 'inbox']) {
      const refused = await pause(t, kind).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CommandValidationError);
      expect(JSON.stringify(refused)).toContain('kind');
    }
  });
});

describe('pausing one subscription', () => {
  it('holds its sends past their due instant without waking the loop for them, then sends each once when resumed', async () => {
    const t = await boot();
    const [subscription] = await t.app.dispatch(
      Object.assign(new ListSubscriptions(), { recipientId: 'alice' }),
    );
    const id = subscription?.id ?? '';
    const paused = await t.app.dispatch(Object.assign(new PauseSubscriptionSends(), { id }));
    expect(paused).toMatchObject({ id, recipientId: 'alice', kind: 'webhook', paused: true });
    const { delivery } = await send(t.app, { channel: 'webhook' });
    await t.clock.advance(20 * MINUTE);
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(0);
    expect(await webhookOf(t, delivery.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await t.app.dispatch(new GetQueueInstants())).toMatchObject({ nextSendAt: null });
    expect(await t.app.dispatch(new ListPausedSubscriptions())).toEqual({ items: [paused] });

    const resumed = await t.app.dispatch(Object.assign(new ResumeSubscriptionSends(), { id }));
    expect(resumed).toMatchObject({ id, paused: false, pausedAt: null });
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(1);
    expect(await webhookOf(t, delivery.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await t.app.dispatch(new ListPausedSubscriptions())).toEqual({ items: [] });
  });

  it('lets go of a removed subscription: its waiting send settles as gone, it leaves the list', async () => {
    const t = await boot();
    const [subscription] = await t.app.dispatch(
      Object.assign(new ListSubscriptions(), { recipientId: 'alice' }),
    );
    const id = subscription?.id ?? '';
    await t.app.dispatch(Object.assign(new PauseSubscriptionSends(), { id }));
    const { delivery } = await send(t.app, { channel: 'webhook' });
    await t.sendsSettled();
    expect(await webhookOf(t, delivery.id)).toMatchObject({ status: 'pending' });

    await t.app.dispatch(Object.assign(new RemoveSubscription(), { recipientId: 'alice', id }));
    expect(await t.app.dispatch(new ListPausedSubscriptions())).toEqual({ items: [] });
    await t.clock.advance(2 * MINUTE);
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(0);
    expect(await webhookOf(t, delivery.id)).toMatchObject({ status: 'failed', lastError: 'gone' });
  });
});
