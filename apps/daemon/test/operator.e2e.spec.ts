import { type NotificationJson, type OperatorSendView } from '@tickler/notifications';
import { startWebhookReceiver, type WebhookReceiver } from '@tickler/notifications/testing';
import { Api, DaemonProcess, eventually } from '@tickler/testing';

// Issue 33 item 5 through the daemon: the admin lists the failed sends with their last error
// and retries one; pauses a channel kind or one subscription; a user token reaches none of it;
// bad input is a 4xx naming the field.
let receiver: WebhookReceiver;
let daemon: DaemonProcess;
let admin: Api;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  admin = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  await daemon.terminate();
  await receiver.close();
});

type SendList = { items: OperatorSendView[] };
type ChannelState = { kind: string; paused: boolean; pausedAt: string | null };
type SubscriptionState = ChannelState & { id: string; recipientId: string };

describe("the operator's view of channel sends (real process)", () => {
  it('lists a failed webhook with its last error, retries it, and the retry is sent', async () => {
    receiver.respond = () => 400;
    expect((await admin.post('/v1/users/ann/subscriptions', { url: receiver.url })).status).toBe(
      201,
    );
    const created = await admin.post<NotificationJson>('/v1/users/ann/notifications', {
      title: 't',
      message: 'm',
      channels: ['webhook'],
    });
    expect(created.status).toBe(201);
    const failed = await eventually(async () => {
      const list = await admin.get<SendList>('/v1/admin/sends?status=failed&channel=webhook');
      return list.body.items.find((s) => s.notificationId === created.body.id);
    });
    expect(failed).toMatchObject({
      channel: 'webhook',
      recipientId: 'ann',
      status: 'failed',
      lastError: 'http-4xx',
      attempts: 1,
    });
    const none = await admin.get<SendList>('/v1/admin/sends?status=failed&channel=email');
    expect(none.body.items).toEqual([]);

    receiver.respond = () => 200;
    const retried = await admin.post<OperatorSendView>(`/v1/admin/sends/${failed.id}/retry`, {});
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: 'pending', attempts: 0 });
    expect(retried.body.id).not.toBe(failed.id);
    await eventually(async () => {
      const got = await admin.get<NotificationJson>(
        `/v1/users/ann/notifications/${created.body.id}`,
      );
      return got.body.channels.some((c) => c.status === 'sent') ? true : undefined;
    });
    expect(receiver.received).toHaveLength(2);
    // The failed one stays failed but leaves the list; neither it nor the sent one retries again.
    const after = await admin.get<SendList>('/v1/admin/sends?status=failed');
    expect(after.body.items.map((s) => s.id)).not.toContain(failed.id);
    const twice = await admin.post(`/v1/admin/sends/${failed.id}/retry`, {});
    expect(twice.status).toBe(409);
    const again = await admin.post(`/v1/admin/sends/${retried.body.id}/retry`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'NOTIFICATIONS.SEND_NOT_FAILED' } });
  });

  it('retries every failed send in one call, once: a second call retries none', async () => {
    receiver.respond = () => 400;
    expect((await admin.post('/v1/users/cat/subscriptions', { url: receiver.url })).status).toBe(
      201,
    );
    const ids: string[] = [];
    for (const title of ['one', 'two']) {
      const created = await admin.post<NotificationJson>('/v1/users/cat/notifications', {
        title,
        message: 'm',
        channels: ['webhook'],
      });
      ids.push(created.body.id);
    }
    await eventually(async () => {
      const list = await admin.get<SendList>('/v1/admin/sends?status=failed&channel=webhook');
      const failed = list.body.items.filter((s) => ids.includes(s.notificationId));
      return failed.length === 2 ? true : undefined;
    });
    const before = receiver.received.length;
    receiver.respond = () => 200;
    const all = await admin.post<{ retried: number; more: boolean }>('/v1/admin/sends/retry', {
      channel: 'webhook',
    });
    expect(all.status).toBe(202);
    expect(all.body).toEqual({ retried: 2, more: false });
    await eventually(() => (receiver.received.length === before + 2 ? true : undefined));
    const again = await admin.post('/v1/admin/sends/retry', {});
    expect(again.body).toEqual({ retried: 0, more: false });
    const bad = await admin.post('/v1/admin/sends/retry', { channel: 'pigeon' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('channel');
  });

  it('answers 404 for an unknown send and 400 naming the field for bad input', async () => {
    const unknown = await admin.post(
      '/v1/admin/sends/0190a4d2-6c2e-7000-8000-000000000000/retry',
      {},
    );
    expect(unknown.status).toBe(404);
    const badStatus = await admin.get('/v1/admin/sends?status=lost');
    expect(badStatus.status).toBe(400);
    expect(JSON.stringify(badStatus.body)).toContain('status');
    const badLimit = await admin.get('/v1/admin/sends?status=failed&limit=201');
    expect(badLimit.status).toBe(400);
    expect(JSON.stringify(badLimit.body)).toContain('limit');
    const stuck = await admin.get<SendList>('/v1/admin/sends?status=stuck');
    expect(stuck.status).toBe(200);
    expect(stuck.body.items).toEqual([]);
  });

  it("shows the queue's next instants: a notification scheduled for later is the next delivery", async () => {
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const later = await admin.post<NotificationJson>('/v1/users/bob/notifications', {
      title: 'later',
      message: 'm',
      scheduledAt: sendAt,
    });
    expect(later.status).toBe(201);
    const queue = await admin.get<{ nextDeliveryAt: string | null; nextSendAt: string | null }>(
      '/v1/admin/queue',
    );
    expect(queue.status).toBe(200);
    expect(Date.parse(queue.body.nextDeliveryAt ?? '')).toBe(Date.parse(sendAt));
    expect(queue.body).toHaveProperty('nextSendAt');
  });

  it('pauses a channel: its send waits, across a restart, and goes once when resumed', async () => {
    receiver.respond = () => 200;
    expect((await admin.post('/v1/users/dan/subscriptions', { url: receiver.url })).status).toBe(
      201,
    );
    const paused = await admin.post<ChannelState>('/v1/admin/channels/webhook/pause', {});
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ kind: 'webhook', paused: true });
    const before = receiver.received.length;
    const created = await admin.post<NotificationJson>('/v1/users/dan/notifications', {
      title: 'held',
      message: 'm',
      channels: ['webhook'],
    });
    const held = await eventually(async () => {
      const got = await admin.get<NotificationJson>(
        `/v1/users/dan/notifications/${created.body.id}`,
      );
      return got.body.channels.find((c) => c.channel === 'webhook');
    });
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });

    // Durable: a restarted daemon keeps the channel paused and the send waiting.
    await daemon.terminate();
    daemon = await new DaemonProcess(daemon.dir).start();
    admin = new Api(daemon.url, daemon.adminToken);
    const list = await admin.get<{ items: ChannelState[] }>('/v1/admin/channels');
    expect(list.body.items.find((c) => c.kind === 'webhook')).toMatchObject({ paused: true });
    expect(receiver.received).toHaveLength(before);

    const resumed = await admin.post<ChannelState>('/v1/admin/channels/webhook/resume', {});
    expect(resumed.body).toEqual({ kind: 'webhook', paused: false, pausedAt: null });
    await eventually(() => (receiver.received.length === before + 1 ? true : undefined));
    const bad = await admin.post('/v1/admin/channels/pigeon/pause', {});
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('kind');
  });

  it('pauses one subscription: its send waits while a sibling of the same kind goes, until resumed', async () => {
    receiver.respond = () => 200;
    const subscribe = async (user: string) => {
      const res = await admin.post<{ id: string }>(`/v1/users/${user}/subscriptions`, {
        url: `${receiver.url}?${user}`,
      });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    const eve = await subscribe('eve');
    await subscribe('fay');
    const paused = await admin.post<SubscriptionState>(`/v1/admin/subscriptions/${eve}/pause`, {});
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      id: eve,
      recipientId: 'eve',
      kind: 'webhook',
      paused: true,
    });
    const again = await admin.post<SubscriptionState>(`/v1/admin/subscriptions/${eve}/pause`, {});
    expect(again.body.pausedAt).toBe(paused.body.pausedAt);

    const notify = async (user: string) =>
      (
        await admin.post<NotificationJson>(`/v1/users/${user}/notifications`, {
          title: `for ${user}`,
          message: 'm',
          channels: ['webhook'],
        })
      ).body.id;
    const eveNote = await notify('eve');
    await notify('fay');
    await eventually(() =>
      receiver.received.some((r) => r.body.includes('for fay')) ? true : undefined,
    );
    const held = await admin.get<NotificationJson>(`/v1/users/eve/notifications/${eveNote}`);
    expect(held.body.channels.find((c) => c.channel === 'webhook')).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    expect(receiver.received.some((r) => r.body.includes('for eve'))).toBe(false);
    const listed = await admin.get<{ items: SubscriptionState[] }>('/v1/admin/subscriptions');
    expect(listed.body.items).toEqual([paused.body]);

    const resumed = await admin.post<SubscriptionState>(
      `/v1/admin/subscriptions/${eve}/resume`,
      {},
    );
    expect(resumed.body).toMatchObject({ id: eve, paused: false, pausedAt: null });
    await eventually(() =>
      receiver.received.some((r) => r.body.includes('for eve')) ? true : undefined,
    );
    expect((await admin.get<{ items: unknown[] }>('/v1/admin/subscriptions')).body.items).toEqual(
      [],
    );
    const audits = daemon.lines.filter((l) => l.subscriptionId === eve).map((l) => l.audit);
    expect(audits).toEqual(['subscription.pause', 'subscription.pause', 'subscription.resume']);
    const unknown = await admin.post('/v1/admin/subscriptions/no-such-subscription/pause', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND' } });
    const tooLong = await admin.post(`/v1/admin/subscriptions/${'x'.repeat(201)}/resume`, {});
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('id');
  });

  it('refuses a user token', async () => {
    const issued = await admin.post<{ token: string }>('/v1/users/ann/tokens', {});
    const user = new Api(daemon.url, issued.body.token);
    expect((await user.get('/v1/admin/sends?status=failed')).status).toBe(403);
    expect((await user.post('/v1/admin/sends/x/retry', {})).status).toBe(403);
    expect((await user.post('/v1/admin/sends/retry', {})).status).toBe(403);
    expect((await user.get('/v1/admin/queue')).status).toBe(403);
    expect((await user.get('/v1/admin/channels')).status).toBe(403);
    expect((await user.post('/v1/admin/channels/webhook/pause', {})).status).toBe(403);
    expect((await user.get('/v1/admin/subscriptions')).status).toBe(403);
    expect((await user.post('/v1/admin/subscriptions/x/pause', {})).status).toBe(403);
    expect((await user.post('/v1/admin/subscriptions/x/resume', {})).status).toBe(403);
  });
});
