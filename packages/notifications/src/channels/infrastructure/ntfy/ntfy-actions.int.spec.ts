import { type Application } from '@tickler/core';
import { FollowActionLink, GetNotification, ListInbox, RegisterSubscription } from '../../..';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
  startNtfyStandIn,
  type NtfyStandIn,
} from '../../../testing';

// Issue 33 item 4: with a public URL, an ntfy notification carries Snooze 10 min and Done buttons
// (ntfy `http` actions) whose links are capability tokens the daemon follows without the
// person's token. The HTTP route is tested in apps/daemon/test/ntfy-actions.e2e.spec.ts.

const PUBLIC_URL = 'https://tickler.example.org/me';
let ntfy: NtfyStandIn;
const apps: Application[] = [];
beforeEach(async () => {
  ntfy = await startNtfyStandIn();
});
afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  await ntfy.close();
});

async function boot(publicUrl: string | null = PUBLIC_URL): Promise<NotificationsTestApp> {
  const t = await createNotificationsTestApp(publicUrl === null ? {} : { publicUrl });
  apps.push(t.app);
  await t.app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      kind: 'ntfy',
      server: ntfy.url,
      topic: 'alice-phone',
    }),
  );
  return t;
}

/** Fires one reminder to the inbox and ntfy; answers its id and its buttons' tokens by label. */
async function fire(t: NotificationsTestApp, channels = ['inbox', 'ntfy']) {
  const { delivery } = await send(t.app, { channels, title: 'Stretch' });
  await t.sendsSettled();
  const publish = ntfy.received.at(-1);
  expect(publish?.problems).toEqual([]);
  const actions = (publish?.body?.actions ?? []) as Array<{ label: string; url: string }>;
  const tokens = new Map(actions.map((a) => [a.label, a.url.split('/').at(-1) ?? '']));
  return { id: delivery.id, actions, tokens };
}

function follow(t: NotificationsTestApp, token: string | undefined) {
  return t.app.dispatch(Object.assign(new FollowActionLink(), { token }));
}

async function readAt(t: NotificationsTestApp, id: string) {
  const page = await t.app.dispatch(
    Object.assign(new ListInbox(), { recipientId: 'alice', limit: 10 }),
  );
  return page.items.find((item) => item.id === id)?.readAt;
}

/** Every button posts to the configured public URL's action route with a signed token. */
const actionUrl: unknown = expect.stringMatching(
  /^https:\/\/tickler\.example\.org\/me\/v1\/actions\/a1\./,
);

describe('ntfy action buttons', () => {
  it('are two http actions posting to the public URL, Snooze 10 min and Done, cleared when pressed', async () => {
    const t = await boot();
    const { actions } = await fire(t);
    expect(actions).toEqual([
      {
        action: 'http',
        label: 'Snooze 10 min',
        url: actionUrl,
        method: 'POST',
        clear: true,
      },
      {
        action: 'http',
        label: 'Done',
        url: actionUrl,
        method: 'POST',
        clear: true,
      },
    ]);
  });

  it('are left off without a public URL, and for a reminder without an inbox item', async () => {
    const t = await boot(null);
    await fire(t);
    expect(ntfy.received.at(-1)?.body).not.toHaveProperty('actions');
    const withUrl = await boot();
    await fire(withUrl, ['ntfy']);
    expect(ntfy.received.at(-1)?.body).not.toHaveProperty('actions');
  });

  it('Done marks the inbox item read; pressed again it changes nothing', async () => {
    const t = await boot();
    const { id, tokens } = await fire(t);
    expect(await readAt(t, id)).toBeNull();
    await expect(follow(t, tokens.get('Done'))).resolves.toEqual({
      action: 'done',
      inboxId: id,
      applied: true,
    });
    const first = await readAt(t, id);
    expect(first).toEqual(expect.any(String));
    await t.clock.advance(60_000);
    await expect(follow(t, tokens.get('Done'))).resolves.toMatchObject({ applied: false });
    expect(await readAt(t, id)).toBe(first);
  });

  it('Snooze schedules the reminder again 10 minutes from the press, once', async () => {
    const t = await boot();
    const { id, tokens } = await fire(t);
    await t.clock.advance(5 * 60_000);
    const pressedAt = t.clock.now().getTime();
    const outcome = await follow(t, tokens.get('Snooze 10 min'));
    expect(outcome).toMatchObject({ action: 'snooze', inboxId: id, applied: true });
    expect(Date.parse(outcome.scheduledAt ?? '')).toBe(pressedAt + 10 * 60_000);
    const snoozed = await t.app.dispatch(
      Object.assign(new GetNotification(), { recipientId: 'alice', id: outcome.notificationId }),
    );
    expect(snoozed).toMatchObject({ status: 'scheduled', title: 'Stretch', snoozedFrom: id });
    expect(await readAt(t, id)).toEqual(expect.any(String));
    // A second press (or a replayed link) makes no second reminder.
    await expect(follow(t, tokens.get('Snooze 10 min'))).resolves.toEqual({
      action: 'snooze',
      inboxId: id,
      applied: false,
    });
  });

  it('Snooze pressed twice at once makes one reminder; the other press answers as a replay', async () => {
    const t = await boot();
    const { id, tokens } = await fire(t);
    const press = () => follow(t, tokens.get('Snooze 10 min'));

    // Both presses arrive before either has written (two taps, a phone retrying a slow POST).
    const outcomes = await Promise.all([press(), press()]);

    expect(outcomes.map((o) => o.applied).sort()).toEqual([false, true]);
    expect(outcomes.find((o) => !o.applied)).toEqual({
      action: 'snooze',
      inboxId: id,
      applied: false,
    });
    const snoozed = await t.db
      .selectFrom('notification_bodies')
      .select('id')
      .where('snoozed_from', '=', id)
      .execute();
    expect(snoozed.map((row) => row.id)).toEqual([outcomes.find((o) => o.applied)?.notificationId]);
  });

  it('a link expires 7 days after the reminder fired; an altered or foreign one is not found', async () => {
    const t = await boot();
    const { tokens } = await fire(t);
    const done = tokens.get('Done') ?? '';
    const [version, body, mac = ''] = done.split('.');
    const snoozeBody = (tokens.get('Snooze 10 min') ?? '').split('.')[1];
    // The Snooze grant under the Done signature: another action needs another signature.
    await expect(follow(t, `${version}.${snoozeBody}.${mac}`)).rejects.toMatchObject({
      code: 'NOTIFICATIONS.ACTION_LINK_NOT_FOUND',
    });
    const other = await boot();
    await expect(follow(other, done)).rejects.toMatchObject({
      code: 'NOTIFICATIONS.ACTION_LINK_NOT_FOUND',
    });
    await expect(follow(t, `${version}.${body}`)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'token',
    });
    await expect(follow(t, 'a1.x y.z')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    // The handler reads only the clock: jump (walking 7 days of minutely timers is slow).
    const firedAt = t.clock.now().getTime();
    t.clock.set(firedAt + 7 * 24 * 3_600_000 - 1_000);
    await expect(follow(t, done)).resolves.toMatchObject({ applied: true });
    t.clock.set(firedAt + 7 * 24 * 3_600_000);
    await expect(follow(t, done)).rejects.toMatchObject({
      code: 'NOTIFICATIONS.ACTION_LINK_NOT_FOUND',
    });
  });
});
