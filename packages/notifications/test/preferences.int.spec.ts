import { type Application } from '@tickler/core';
import { REFERENCE_TIME } from '@tickler/core/testing';
import {
  UpdateRecipientProfile,
  GetNotification,
  GetPreferences,
  type NotificationView,
  ReconcileScheduled,
  RegisterSubscription,
  UpdatePreferences,
} from '../src';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../src/testing';

// Issue 33 item 1: per person, per source × channel switches, applied when a reminder fires.

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
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

async function boot(): Promise<NotificationsTestApp> {
  const t = await createNotificationsTestApp();
  apps.push(t.app);
  await t.clock.advance(0);
  await t.app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      url: receiver.url,
      default: true,
    }),
  );
  return t;
}

function set(
  t: NotificationsTestApp,
  preferences: { source: string; channel: string; enabled: boolean }[],
) {
  return t.app.dispatch(
    Object.assign(new UpdatePreferences(), { recipientId: 'alice', preferences }),
  );
}

/** Schedules one reminder of app `todo` for alice at +1 s (channels: the default set). */
async function planTodo(t: NotificationsTestApp): Promise<void> {
  await t.app.dispatch(
    Object.assign(new ReconcileScheduled(), {
      sourceApp: 'todo',
      planned: [
        {
          recipientId: 'alice',
          sourceKey: 'k1',
          title: 'Pay rent',
          message: '',
          scheduledAt: at(1000),
        },
      ],
    }),
  );
}

async function viewsOf(t: NotificationsTestApp): Promise<NotificationView[]> {
  const rows = await t.db
    .selectFrom('notification_deliveries')
    .select('id')
    .orderBy('id')
    .execute();
  return Promise.all(
    rows.map((r) =>
      t.app.dispatch(Object.assign(new GetNotification(), { recipientId: 'alice', id: r.id })),
    ),
  );
}

describe('preferences per source and channel (SQLite, or PostgreSQL via test-postgres)', () => {
  it('sends over every channel when the person set nothing (everything on by default)', async () => {
    const t = await boot();
    expect(
      await t.app.dispatch(Object.assign(new GetPreferences(), { recipientId: 'alice' })),
    ).toEqual({
      recipientId: 'alice',
      defaultEnabled: true,
      personSource: '@person',
      preferences: [],
    });
    await planTodo(t);
    await t.clock.advance(1000);
    await t.sendsSettled();
    const [view] = await viewsOf(t);
    expect(view).toMatchObject({ status: 'sent', inboxId: view?.id });
    expect(receiver.received).toHaveLength(1);
  });

  it('leaves out a channel turned off for the source and keeps it for other sources', async () => {
    const t = await boot();
    await set(t, [{ source: 'todo', channel: 'webhook', enabled: false }]);
    await planTodo(t);
    const mine = await send(t.app, { title: 'made by hand', scheduledAt: at(1000) });
    await t.clock.advance(1000);
    await t.sendsSettled();
    const views = await viewsOf(t);
    const todo = views.find((v) => v.id !== mine.delivery.id);
    expect(todo?.status).toBe('sent');
    expect(todo?.channels.map((c) => c.channel)).toEqual(['inbox']);
    expect(views.find((v) => v.id === mine.delivery.id)).toMatchObject({ status: 'sent' });
    expect(receiver.received.map((r) => (JSON.parse(r.body) as { title: string }).title)).toEqual([
      'made by hand',
    ]);
  });

  it('settles a reminder whose every channel is off as missed (preferences): no inbox row, no send', async () => {
    const t = await boot();
    const missed: unknown[] = [];
    t.app.events.subscribe('notifications.missed', (e) => missed.push(e.payload));
    await set(t, [
      { source: 'todo', channel: 'inbox', enabled: false },
      { source: 'todo', channel: 'webhook', enabled: false },
    ]);
    await planTodo(t);
    await t.clock.advance(1000);
    await t.sendsSettled();
    const [view] = await viewsOf(t);
    expect(view).toMatchObject({
      status: 'missed',
      missedReason: 'preferences',
      sentAt: null,
      inboxId: null,
      channels: [],
    });
    expect(missed).toEqual([expect.objectContaining({ reason: 'preferences' })]);
    expect(await t.db.selectFrom('notification_inbox').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('notification_channel_sends').selectAll().execute()).toEqual([]);
    expect(receiver.received).toHaveLength(0);
  });

  it('applies @person to reminders a person made, sent now or scheduled, and turning a switch back on restores it', async () => {
    const t = await boot();
    await set(t, [{ source: '@person', channel: 'inbox', enabled: false }]);
    const now = await send(t.app, { channels: ['inbox'] });
    expect(now.delivery).toMatchObject({ status: 'missed', missedReason: 'preferences' });
    const view = await set(t, [
      { source: '@person', channel: 'inbox', enabled: false },
      { source: '@person', channel: 'inbox', enabled: true },
    ]);
    expect(view.preferences).toEqual([
      { source: '@person', channel: 'inbox', enabled: true, updatedAt: at(0), escalate: null },
    ]);
    const later = await send(t.app, { channels: ['inbox'], scheduledAt: at(1000) });
    await t.clock.advance(1000);
    const [, second] = await viewsOf(t);
    expect(second).toMatchObject({ id: later.delivery.id, status: 'sent' });
  });

  it('settles all-off reminders before digests and quiet hours: never held, never inside a digest', async () => {
    const t = await boot();
    await t.app.dispatch(
      Object.assign(new UpdateRecipientProfile(), {
        recipientId: 'alice',
        digest: { mode: 'tick' },
      }),
    );
    await set(t, [
      { source: 'todo', channel: 'inbox', enabled: false },
      { source: 'todo', channel: 'webhook', enabled: false },
    ]);
    await t.app.dispatch(
      Object.assign(new ReconcileScheduled(), {
        sourceApp: 'todo',
        planned: ['k1', 'k2'].map((sourceKey) => ({
          recipientId: 'alice',
          sourceKey,
          title: sourceKey,
          message: '',
          scheduledAt: at(1000),
        })),
      }),
    );
    await send(t.app, { title: 'mine a', channels: ['inbox'], scheduledAt: at(1000) });
    await send(t.app, { title: 'mine b', channels: ['inbox'], scheduledAt: at(1000) });
    await t.clock.advance(1000);
    const views = await viewsOf(t);
    const byTitle = new Map(views.map((v) => [v.title, v]));
    expect(byTitle.get('k1')).toMatchObject({
      status: 'missed',
      missedReason: 'preferences',
      digestId: null,
    });
    expect(byTitle.get('k2')).toMatchObject({
      status: 'missed',
      missedReason: 'preferences',
      digestId: null,
    });
    // The two made by hand went out together in one digest of two.
    const digestId = byTitle.get('mine a')?.digestId;
    expect(digestId).toEqual(expect.any(String));
    expect(byTitle.get('mine b')?.digestId).toBe(digestId);
    expect(byTitle.get('2 reminders')).toMatchObject({ status: 'sent' });
  });

  it('schedules the next occurrence of a repeating reminder settled by preferences', async () => {
    const t = await boot();
    await set(t, [{ source: '@person', channel: 'inbox', enabled: false }]);
    await send(t.app, {
      channels: ['inbox'],
      scheduledAt: at(1000),
      repeat: { rule: 'FREQ=DAILY', timeZone: 'UTC' },
    });
    await t.clock.advance(1000);
    const rows = await t.db
      .selectFrom('notification_deliveries')
      .select(['status', 'missed_reason', 'scheduled_at'])
      .orderBy('scheduled_at')
      .execute();
    expect(rows).toEqual([
      { status: 'missed', missed_reason: 'preferences', scheduled_at: at(1000) },
      { status: 'scheduled', missed_reason: null, scheduled_at: at(1000 + 86_400_000) },
    ]);
  });
});
