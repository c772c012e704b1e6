import { type Application } from '@tickler/core';
import { GetNotification, ListSubscriptions, RegisterSubscription } from '../../..';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
  startNtfyStandIn,
  type NtfyStandIn,
} from '../../../testing';

// The ntfy adapter against a stand-in that checks ntfy's documented JSON publish shape
// (`POST <server>/` with {topic, title, message, priority, tags, click}); the guarantees are the
// shared channel contract's (test/channel-contract/ntfy.contract.int.spec.ts).

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

async function boot(allowPrivateTargets = true): Promise<NotificationsTestApp> {
  const t = await createNotificationsTestApp({ allowPrivateTargets });
  apps.push(t.app);
  return t;
}

function register(app: Application, fields: Record<string, unknown> = {}) {
  return app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      kind: 'ntfy',
      server: ntfy.url,
      topic: 'alice-reminders',
      ...fields,
    }),
  );
}

async function channelOf(t: NotificationsTestApp, id: string) {
  const view = await t.app.dispatch(
    Object.assign(new GetNotification(), { recipientId: 'alice', id }),
  );
  return view.channels.find((c) => c.channel === 'ntfy');
}

describe('ntfy channel: the publish request', () => {
  it('publishes one JSON POST of the documented shape: topic, title, message, priority, tags, click, bearer token', async () => {
    ntfy.token = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2';
    const t = await boot();
    const subscription = await register(t.app, { token: ntfy.token });
    expect(subscription).toMatchObject({
      kind: 'ntfy',
      server: ntfy.url,
      topic: 'alice-reminders',
    });
    expect(JSON.stringify(subscription)).not.toContain(ntfy.token);
    const { delivery } = await send(t.app, {
      channel: 'ntfy',
      title: 'Dentist',
      message: 'Leave at 9:40',
      url: 'https://example.org/appointments/7',
      priority: 'high',
    });
    await t.sendsSettled();
    expect(ntfy.received).toHaveLength(1);
    const [request] = ntfy.received;
    expect(request?.problems).toEqual([]);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      topic: 'alice-reminders',
      title: 'Dentist',
      message: 'Leave at 9:40',
      priority: 4,
      tags: ['alarm_clock'],
      click: 'https://example.org/appointments/7',
    });
    expect(request?.headers['x-tickler-notification-id']).toBe(delivery.id);
    expect(await channelOf(t, delivery.id)).toMatchObject({ status: 'sent' });
  });

  it("uses ntfy's default priority 3 for a normal reminder, no click for a link that is not http(s), and cuts a long message under 4096 bytes", async () => {
    const t = await boot();
    await register(t.app);
    await send(t.app, {
      channel: 'ntfy',
      title: 'Long',
      message: 'é'.repeat(3_000),
      url: '/inbox',
    });
    await t.sendsSettled();
    const [request] = ntfy.received;
    expect(request?.problems).toEqual([]);
    expect(request?.body).toMatchObject({ priority: 3 });
    expect(request?.body).not.toHaveProperty('click');
    expect(Buffer.byteLength(String(request?.body?.message), 'utf8')).toBeLessThanOrEqual(4000);
    expect(String(request?.body?.message).endsWith('…')).toBe(true);
  });

  it('a protected topic without the right token is refused (401): the send fails as http-4xx, not retried', async () => {
    ntfy.token = 'tk_right';
    const t = await boot();
    await register(t.app, { token: 'tk_wrong' });
    const { delivery } = await send(t.app, { channel: 'ntfy' });
    await t.sendsSettled();
    expect(ntfy.received).toHaveLength(1);
    expect(await channelOf(t, delivery.id)).toMatchObject({
      status: 'failed',
      lastError: 'http-4xx',
    });
  });
});

describe('ntfy channel: registration', () => {
  it('registering the same server and topic again updates it in place; another topic is another subscription', async () => {
    const t = await boot();
    const first = await register(t.app);
    const again = await register(t.app, { token: 'tk_new' });
    await register(t.app, { topic: 'other' });
    expect(again.id).toBe(first.id);
    const list = await t.app.dispatch(
      Object.assign(new ListSubscriptions(), { recipientId: 'alice' }),
    );
    expect(list.map((s) => (s as unknown as { topic: string }).topic).sort()).toEqual([
      'alice-reminders',
      'other',
    ]);
    expect(list.find((s) => s.id === first.id)).toMatchObject({ hasToken: true });
  });

  it.each([
    [{ topic: 'has space' }, 'topic'],
    [{ topic: 'x'.repeat(65) }, 'topic'],
    [{ topic: undefined }, 'topic'],
    [{ token: 'with space' }, 'token'],
    [{ token: 't'.repeat(257) }, 'token'],
    [{ server: 'ftp://ntfy.example' }, 'server'],
    [{ server: `https://${'a'.repeat(2000)}.example` }, 'server'],
  ])('refuses %j naming %s', async (fields, field) => {
    const t = await boot();
    await expect(register(t.app, fields)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: expect.arrayContaining([expect.objectContaining({ path: field })]) as unknown,
    });
  });

  it('applies the outgoing-address rule: a private server is refused at registration, naming server', async () => {
    const t = await boot(false);
    await expect(register(t.app)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'server',
    });
    await expect(register(t.app, { server: 'http://169.254.169.254' })).rejects.toMatchObject({
      field: 'server',
    });
  });

  it('omitting server means https://ntfy.sh', async () => {
    const t = await boot();
    const subscription = await register(t.app, { server: undefined });
    expect(subscription).toMatchObject({ server: 'https://ntfy.sh' });
  });
});
