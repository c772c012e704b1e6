import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import {
  type PushServiceStandIn,
  type SmtpTestServer,
  startPushServiceStandIn,
  startSmtpTestServer,
} from '@tickler/notifications/testing';
import { Api, DaemonProcess, type ErrorBody, eventually } from '@tickler/testing';
import { inMs } from './support/fixtures';

// "Done when" of issue 12: a reminder scheduled with defaults reaches a person with one push
// subscription as an inbox row and a push the stand-in decrypts; email the same when subscribed.
// The daemon is a real child process; the push service is HTTPS on 127.0.0.1 with a self-signed
// certificate the daemon trusts through NODE_EXTRA_CA_CERTS (as it would a private CA).
let push: PushServiceStandIn;
let smtp: SmtpTestServer;
let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  push = await startPushServiceStandIn();
  smtp = await startSmtpTestServer();
  daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
    NODE_EXTRA_CA_CERTS: push.caFile,
    // The stand-ins listen on 127.0.0.1: lift the address rule as a desktop would.
    TICKLER_ALLOW_PRIVATE_TARGETS: 'true',
    TICKLER_SMTP_URL: smtp.url,
    TICKLER_SMTP_FROM: 'Tickler <reminders@example.org>',
    TICKLER_VAPID_SUBJECT: 'mailto:ops@example.org',
  }).start();
  api = new Api(daemon.url, daemon.adminToken);
  const key = await api.get<{ publicKey: string }>('/v1/push/vapid-public-key');
  // The browser subscribed with this key: a push signed by any other one gets 403.
  push.expectVapidKey(key.body.publicKey);
});

afterAll(async () => {
  await daemon.terminate();
  await push.close();
  await smtp.close();
});

describe('web push and email through the daemon (real process)', () => {
  it('a reminder with default channels reaches a push subscriber: an inbox row and a push the subscription decrypts', async () => {
    const subscription = push.subscribe();
    const registered = await api.post<{ id: string; kind: string; endpoint: string }>(
      '/v1/users/pia/subscriptions',
      { kind: 'push', subscription },
    );
    expect(registered.status).toBe(201);
    // Seed 004: a channel that reaches a person defaults to at-most-once.
    expect(registered.body).toMatchObject({
      kind: 'push',
      endpoint: subscription.endpoint,
      guarantee: 'at-most-once',
    });
    expect(JSON.stringify(registered.body)).not.toContain(subscription.keys.auth);
    const before = push.received.length;

    const created = await api.post<NotificationJson>('/v1/users/pia/notifications', {
      title: 'Bins out',
      message: 'Trash & recycling <tonight>',
      url: 'https://example.org/bins',
      scheduledAt: inMs(1_000),
    });
    expect(created.status).toBe(201);

    const [arrived] = (await push.waitFor(before + 1)).slice(before);
    expect(arrived!.problems).toEqual([]);
    // TTL is the grace window (12 h by default): held longer, a reminder would arrive as noise.
    expect(arrived!.headers).toMatchObject({ ttl: '43200', urgency: 'high' });
    expect(arrived!.vapid?.claims).toMatchObject({
      aud: push.origin,
      sub: 'mailto:ops@example.org',
    });
    expect(arrived!.payload).toEqual({
      id: created.body.id,
      title: 'Bins out',
      message: 'Trash & recycling <tonight>',
      url: 'https://example.org/bins',
      scheduledAt: created.body.scheduledAt,
      sentAt: expect.any(String) as unknown,
    });
    const inbox = await eventually(async () => {
      const page = await api.get<Page<InboxItemJson>>('/v1/users/pia/inbox');
      return page.body.items.length === 1 ? page.body.items : undefined;
    });
    expect(inbox[0]).toMatchObject({ notificationId: created.body.id, title: 'Bins out' });
    const shown = await eventually(async () => {
      const got = await api.get<{ channels: { channel: string; status: string }[] }>(
        `/v1/users/pia/notifications/${created.body.id}`,
      );
      return got.body.channels.every((c) => c.status === 'sent') ? got.body : undefined;
    });
    expect(shown.channels.map((c) => c.channel).sort()).toEqual(['inbox', 'push']);
  });

  it('a default email subscription gets the reminder as an email whose Message-ID comes from the send', async () => {
    const registered = await api.post<{ id: string; guarantee: string }>(
      '/v1/users/eve/subscriptions',
      { kind: 'email', address: 'eve@example.net', default: true },
    );
    expect(registered.status).toBe(201);
    expect(registered.body.guarantee).toBe('at-most-once');
    const confirmed = await api.post(`/v1/users/eve/subscriptions/${registered.body.id}/confirm`, {
      code: smtp.confirmationCode('eve@example.net'),
    });
    expect(confirmed.status).toBe(200);
    const before = smtp.messages.length;

    const created = await api.post<NotificationJson>('/v1/users/eve/notifications', {
      title: 'Dentist',
      message: 'At 10:30.',
      url: 'https://example.org/dentist',
      scheduledAt: inMs(1_000),
    });
    expect(created.status).toBe(201);

    const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(mail!.envelope.to).toEqual(['eve@example.net']);
    expect(mail!.parsed.subject).toBe('Dentist');
    expect(mail!.parsed.text).toContain('https://example.org/dentist');
    expect(mail!.parsed.headers.get('x-tickler-notification-id')).toBe(created.body.id);
    expect(mail!.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@example\.org>$/);
  });

  it('a push service answering 410 deactivates the subscription, visibly', async () => {
    const subscription = push.subscribe();
    push.drop(subscription.endpoint);
    const registered = await api.post<{ id: string }>('/v1/users/gus/subscriptions', {
      kind: 'push',
      subscription,
    });
    await api.post('/v1/users/gus/notifications', { title: 'x', message: '' });
    const listed = await eventually(async () => {
      const list = await api.get<{
        items: { id: string; active: boolean; deactivatedReason?: string }[];
      }>('/v1/users/gus/subscriptions');
      const mine = list.body.items.find((s) => s.id === registered.body.id);
      return mine && !mine.active ? mine : undefined;
    });
    expect(listed.deactivatedReason).toBe('push service answered 410');
  });

  it('refuses a push subscription with bad keys, naming the field', async () => {
    const subscription = push.subscribe();
    const res = await api.post<ErrorBody>('/v1/users/pia/subscriptions', {
      kind: 'push',
      subscription: { ...subscription, keys: { ...subscription.keys, auth: 'AAAA' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.map((f) => f.path)).toContain('subscription.keys.auth');
  });
});
