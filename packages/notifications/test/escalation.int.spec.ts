import { GetNotification, GetPreferences, MarkInboxRead, UpdatePreferences } from '../src';
import {
  type NotificationsTestApp,
  send,
  startWebhookTestApps,
  type WebhookTestApps,
} from '../src/testing';

// Issue 33 item 2: a reminder still unread `after` its firing is sent again by another channel,
// once, from a durable row (not a timer); read in time, that row is cancelled and never sent. A
// person's escalation per source (on their inbox switch, `PUT …/preferences`) escalates the
// source's reminders that carry none of their own; a reminder's own `escalate` wins.

const HOUR = 3_600_000;
let kit: WebhookTestApps;
beforeEach(async () => {
  kit = await startWebhookTestApps();
});
afterEach(() => kit.close());
const boot = () => kit.boot();

function viewOf(t: NotificationsTestApp, id: string) {
  return t.app.dispatch(Object.assign(new GetNotification(), { recipientId: 'alice', id }));
}

/** An inbox-only reminder that escalates to the webhook after an hour, fired now. */
async function fired(t: NotificationsTestApp) {
  const { delivery } = await send(t.app, {
    channels: ['inbox'],
    escalate: { after: '1h', channel: 'webhook' },
  });
  await t.sendsSettled();
  return delivery;
}

describe('escalation: unread after a while, sent again by another channel', () => {
  it('sends the escalation once when the inbox item is still unread after `after`', async () => {
    const t = await boot();
    const delivery = await fired(t);
    const firedAt = (await viewOf(t, delivery.id)).sentAt!;
    expect(kit.receiver.received).toHaveLength(0);
    expect((await viewOf(t, delivery.id)).escalation).toEqual({
      after: '1h',
      channel: 'webhook',
      status: 'pending',
      at: new Date(Date.parse(firedAt) + HOUR).toISOString(),
    });

    await t.clock.advance(HOUR - 1);
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(0);
    await t.clock.advance(1);
    await t.sendsSettled();
    await t.clock.advance(HOUR);
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(1);
    const view = await viewOf(t, delivery.id);
    expect(view.status).toBe('sent');
    expect(view.escalation).toMatchObject({ status: 'sent', channel: 'webhook' });
    expect(view.channels.map((c) => [c.channel, c.status])).toEqual([
      ['inbox', 'sent'],
      ['webhook', 'sent'],
    ]);
  });

  it('cancels the escalation when the item is read in time: never sent', async () => {
    const t = await boot();
    const delivery = await fired(t);
    const inboxId = (await viewOf(t, delivery.id)).inboxId!;
    await t.clock.advance(HOUR / 2);
    await t.app.dispatch(Object.assign(new MarkInboxRead(), { recipientId: 'alice', inboxId }));
    // Settled by the read itself: the view says so at once.
    expect((await viewOf(t, delivery.id)).escalation).toMatchObject({ status: 'cancelled' });
    await t.clock.advance(HOUR);
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(0);
    const view = await viewOf(t, delivery.id);
    expect(view.escalation).toMatchObject({ status: 'cancelled', channel: 'webhook' });
    expect(view.channels.find((c) => c.channel === 'webhook')).toMatchObject({
      status: 'failed',
      lastError: 'read',
      attempts: 0,
    });
  });

  it('cancels it at its due instant when the item was read by another path (the send loop checks)', async () => {
    const t = await boot();
    const delivery = await fired(t);
    // A read that does not go through MarkInboxRead (e.g. a push's Done action link).
    await t.db
      .updateTable('notification_inbox')
      .set({ read_at: (await viewOf(t, delivery.id)).sentAt })
      .where('notification_id', '=', delivery.id)
      .execute();
    expect((await viewOf(t, delivery.id)).escalation).toMatchObject({ status: 'pending' });
    await t.clock.advance(HOUR);
    await t.sendsSettled();
    expect(kit.receiver.received).toHaveLength(0);
    expect((await viewOf(t, delivery.id)).escalation).toMatchObject({ status: 'cancelled' });
  });

  it('refuses a bad escalate naming the field', async () => {
    const t = await boot();
    await expect(
      send(t.app, { escalate: { after: '10s', channel: 'webhook' } }),
    ).rejects.toMatchObject({ field: 'escalate.after' });
    await expect(send(t.app, { escalate: { after: '1h', channel: 'inbox' } })).rejects.toThrow(
      /escalate\.channel|channel/,
    );
  });

  it('adds nothing to a reminder without escalate', async () => {
    const t = await boot();
    const { delivery } = await send(t.app, { channels: ['inbox'] });
    await t.sendsSettled();
    expect((await viewOf(t, delivery.id)).escalation).toBeNull();
    expect(await t.db.selectFrom('notification_channel_sends').selectAll().execute()).toEqual([]);
  });
});

function setPreferences(t: NotificationsTestApp, preferences: Record<string, unknown>[]) {
  return t.app.dispatch(
    Object.assign(new UpdatePreferences(), { recipientId: 'alice', preferences }),
  );
}

/** Alice escalates her own reminders (`@person`) to the webhook after an hour. */
async function bootEscalatingPerson(): Promise<NotificationsTestApp> {
  const t = await kit.boot();
  await setPreferences(t, [
    {
      source: '@person',
      channel: 'inbox',
      enabled: true,
      escalate: { after: '1h', channel: 'webhook' },
    },
  ]);
  return t;
}

/** Lets `ms` pass and the send loop run what fell due. */
async function pass(t: NotificationsTestApp, ms: number): Promise<void> {
  await t.clock.advance(ms);
  await t.sendsSettled();
}

describe('escalation per source, from the preferences', () => {
  it('escalates a reminder of that source that carries none, and says so in its view', async () => {
    const t = await bootEscalatingPerson();
    const { delivery } = await send(t.app, { channels: ['inbox'] });
    await t.sendsSettled();
    expect((await viewOf(t, delivery.id)).escalation).toMatchObject({
      after: '1h',
      channel: 'webhook',
      status: 'pending',
    });
    await pass(t, HOUR - 1);
    expect(kit.receiver.received).toHaveLength(0);
    await pass(t, 1);
    await pass(t, HOUR);
    expect(kit.receiver.received).toHaveLength(1);
    expect((await viewOf(t, delivery.id)).escalation).toMatchObject({
      after: '1h',
      channel: 'webhook',
      status: 'sent',
    });
  });

  it("lets the reminder's own escalate win", async () => {
    const t = await bootEscalatingPerson();
    const { delivery } = await send(t.app, {
      channels: ['inbox'],
      escalate: { after: '2h', channel: 'webhook' },
    });
    await t.sendsSettled();
    await pass(t, HOUR);
    await pass(t, HOUR / 2);
    expect(kit.receiver.received).toHaveLength(0);
    await pass(t, HOUR / 2);
    expect(kit.receiver.received).toHaveLength(1);
    expect((await viewOf(t, delivery.id)).escalation).toMatchObject({ after: '2h' });
  });

  it('leaves the reminders of another source alone', async () => {
    const t = await bootEscalatingPerson();
    const { delivery } = await send(t.app, {
      channels: ['inbox'],
      source: { app: 'todo', key: 'k1' },
    });
    await pass(t, 2 * HOUR);
    await pass(t, HOUR);
    expect(kit.receiver.received).toHaveLength(0);
    expect((await viewOf(t, delivery.id)).escalation).toBeNull();
  });

  it('shows the escalation in the preferences, keeps it when the switch is set without, removes it with null', async () => {
    const t = await bootEscalatingPerson();
    const view = await t.app.dispatch(
      Object.assign(new GetPreferences(), { recipientId: 'alice' }),
    );
    expect(view.preferences).toEqual([
      expect.objectContaining({
        source: '@person',
        channel: 'inbox',
        escalate: { after: '1h', channel: 'webhook' },
      }),
    ]);
    // Flipping the switch (as the page does) keeps it; null removes it.
    const flipped = await setPreferences(t, [
      { source: '@person', channel: 'inbox', enabled: true },
    ]);
    expect(flipped.preferences[0]?.escalate).toEqual({ after: '1h', channel: 'webhook' });
    const after = await setPreferences(t, [
      { source: '@person', channel: 'inbox', enabled: true, escalate: null },
    ]);
    expect(after.preferences[0]?.escalate).toBeNull();
    await send(t.app, { channels: ['inbox'] });
    await pass(t, 2 * HOUR);
    await pass(t, HOUR);
    expect(kit.receiver.received).toHaveLength(0);
  });

  it('refuses an escalate off the inbox switch, or a bad one, naming the field', async () => {
    const t = await kit.boot();
    await expect(
      setPreferences(t, [
        {
          source: 'calendar',
          channel: 'push',
          enabled: true,
          escalate: { after: '1h', channel: 'email' },
        },
      ]),
    ).rejects.toMatchObject({ field: 'preferences.0.escalate' });
    await expect(
      setPreferences(t, [
        { source: 'calendar', channel: 'inbox', enabled: true },
        {
          source: 'calendar',
          channel: 'inbox',
          enabled: true,
          escalate: { after: '10s', channel: 'email' },
        },
      ]),
    ).rejects.toMatchObject({ field: 'preferences.1.escalate.after' });
  });
});
