// Over 300 lines: the whole public API walked through one real daemon (create, read, edit, cancel, lists, inbox), sharing one start-up.
import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { Api, DaemonProcess, type ErrorBody } from '@tickler/testing';
import { inMs, scheduleLater, sendNow } from './support/fixtures';

let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
});

describe('POST /v1/users/{userId}/notifications', () => {
  it('sends at once without scheduledAt: 201, status sent, in the inbox', async () => {
    const res = await api.post<NotificationJson>('/v1/users/ann/notifications', {
      title: 'Bins',
      message: 'Put the bins out',
      url: 'https://example.com/bins',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: 'ann',
      status: 'sent',
      title: 'Bins',
      message: 'Put the bins out',
      url: 'https://example.com/bins',
      scheduledAt: null,
      attempts: 1,
    });
    expect(res.body.sentAt).toEqual(expect.stringMatching(/Z$/));
    const inbox = await api.get<Page<InboxItemJson>>('/v1/users/ann/inbox');
    expect(inbox.body.items).toEqual([
      expect.objectContaining({
        notificationId: res.body.id,
        title: 'Bins',
        message: 'Put the bins out',
        url: 'https://example.com/bins',
        readAt: null,
      }),
    ]);
  });

  it('sends at once when scheduledAt is not in the future (within the grace window)', async () => {
    const res = await api.post<NotificationJson>('/v1/users/ann/notifications', {
      title: 'A minute ago',
      message: '',
      scheduledAt: inMs(-60_000),
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('sent');
  });

  it('schedules a future one: 201, status scheduled, scheduledAt normalised to UTC', async () => {
    const res = await api.post<NotificationJson>('/v1/users/ann/notifications', {
      title: 'Later',
      message: 'm',
      scheduledAt: '2099-06-01T10:00:00+02:00',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'scheduled',
      scheduledAt: '2099-06-01T08:00:00.000Z',
      sentAt: null,
    });
  });

  it('replays an Idempotency-Key: 200 and the same delivery, nothing new written', async () => {
    const body = { title: 'Once', message: 'm', scheduledAt: inMs(3_600_000) };
    const first = await api.post<NotificationJson>('/v1/users/idem/notifications', body, {
      headers: { 'Idempotency-Key': 'k-1' },
    });
    const again = await api.post<NotificationJson>('/v1/users/idem/notifications', body, {
      headers: { 'Idempotency-Key': 'k-1' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.idempotencyKey).toBe('k-1');
    const list = await api.get<Page<NotificationJson>>('/v1/users/idem/notifications');
    expect(list.body.items).toHaveLength(1);
  });

  it('answers 400 naming every bad field, and writes nothing', async () => {
    const res = await api.post<ErrorBody>('/v1/users/bad/notifications', {
      title: 42,
      scheduledAt: 'tomorrow',
      channel: 'pigeon',
      colour: 'red',
      source: { app: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    const paths = new Set(res.body.error.fields!.map((f) => f.path));
    expect([...paths]).toEqual(
      expect.arrayContaining([
        'title',
        'message',
        'scheduledAt',
        'channel',
        'colour',
        'source.app',
        'source.key',
      ]),
    );
    const list = await api.get<Page<NotificationJson>>('/v1/users/bad/notifications');
    expect(list.body.items).toEqual([]);
  });

  it('answers 400 for a time without an offset', async () => {
    const res = await api.post<ErrorBody>('/v1/users/bad/notifications', {
      title: 't',
      message: 'm',
      scheduledAt: '2099-06-01T10:00:00',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([expect.objectContaining({ path: 'scheduledAt' })]);
  });

  it('answers 400 for a recipient id in the body (it comes from the path) and for a bad user id', async () => {
    const inBody = await api.post<ErrorBody>('/v1/users/bad/notifications', {
      title: 't',
      message: 'm',
      recipientId: 'other',
    });
    expect(inBody.status).toBe(400);
    expect(inBody.body.error.fields).toEqual([expect.objectContaining({ path: 'recipientId' })]);
    const badUser = await api.post<ErrorBody>('/v1/users/no%20spaces/notifications', {
      title: 't',
      message: 'm',
    });
    expect(badUser.status).toBe(400);
    expect(badUser.body.error.fields).toEqual([expect.objectContaining({ path: 'recipientId' })]);
  });

  it('answers 400 for malformed JSON and for a JSON array', async () => {
    const malformed = await api.request<ErrorBody>('POST', '/v1/users/bad/notifications', {
      raw: '{"title": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('HTTP.INVALID_JSON');
    const array = await api.request<ErrorBody>('POST', '/v1/users/bad/notifications', {
      raw: '[1,2]',
    });
    expect(array.status).toBe(400);
    expect(array.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 413 for a body over the limit, and writes nothing', async () => {
    const res = await api.post<ErrorBody>('/v1/users/big/notifications', {
      title: 't',
      message: 'x'.repeat(200_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('HTTP.BODY_TOO_LARGE');
    expect(
      (await api.get<Page<NotificationJson>>('/v1/users/big/notifications')).body.items,
    ).toEqual([]);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const text = await api.request<ErrorBody>('POST', '/v1/users/bad/notifications', {
      raw: 'title=hi',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('HTTP.UNSUPPORTED_MEDIA_TYPE');
    const plain = await api.request<ErrorBody>('POST', '/v1/users/bad/notifications', {
      raw: '{"title":"t","message":"m"}',
      contentType: 'text/plain',
    });
    expect(plain.status).toBe(415);
  });
});

describe('paths the router cannot take', () => {
  it('answers an over-long user id 400 naming the field, a path segment past the router limit 414 and a bad percent-encoding 400, in the envelope', async () => {
    const long = await api.get<ErrorBody>(`/v1/users/${'u'.repeat(300)}/notifications`);
    expect(long.status).toBe(400);
    // The path's user id is the commands' recipientId (as for any bad user id).
    expect(long.body.error.fields?.map((f) => f.path)).toEqual(['recipientId']);
    const huge = await api.get<ErrorBody>(`/v1/users/ann/notifications/${'x'.repeat(2000)}`);
    expect(huge.status).toBe(414);
    expect(huge.body.error.code).toBe('HTTP.URI_TOO_LONG');
    const badEncoding = await api.get<ErrorBody>('/v1/users/%E0%A4%A/notifications');
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body.error.code).toBe('HTTP.BAD_REQUEST');
  });
});

describe('GET /v1/users/{userId}/notifications', () => {
  it('lists one user only, ordered by scheduledAt, paged with a cursor, filtered by status', async () => {
    const at = (h: number): string => new Date(Date.UTC(2099, 0, 1, h)).toISOString();
    for (const h of [5, 1, 3, 2, 4]) {
      await api.post('/v1/users/lister/notifications', {
        title: `h${h}`,
        message: '',
        scheduledAt: at(h),
      });
    }
    await sendNow(api, 'someone-else');
    const first = await api.get<Page<NotificationJson>>('/v1/users/lister/notifications?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items.map((n) => n.title)).toEqual(['h1', 'h2']);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await api.get<Page<NotificationJson>>(
      `/v1/users/lister/notifications?limit=10&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(rest.body.items.map((n) => n.title)).toEqual(['h3', 'h4', 'h5']);
    expect(rest.body.nextCursor).toBeNull();
    const canceled = rest.body.items[0]!;
    await api.post(`/v1/users/lister/notifications/${canceled.id}/cancel`);
    const onlyCanceled = await api.get<Page<NotificationJson>>(
      '/v1/users/lister/notifications?status=canceled',
    );
    expect(onlyCanceled.body.items.map((n) => n.id)).toEqual([canceled.id]);
  });

  it('answers 400 for a bad status, limit or unknown query parameter', async () => {
    for (const qs of ['status=done', 'limit=0', 'limit=ten', 'stauts=sent']) {
      const res = await api.get<ErrorBody>(`/v1/users/lister/notifications?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.error.fields!.length).toBeGreaterThan(0);
    }
  });
});

describe('GET /v1/users/{userId}/notifications/{id}', () => {
  it('answers 200 with the delivery, 404 for an unknown id and for another user’s id', async () => {
    const mine = await scheduleLater(api, 'getter');
    expect(await api.get(`/v1/users/getter/notifications/${mine.id}`)).toMatchObject({
      status: 200,
      body: { id: mine.id },
    });
    const unknown = await api.get<ErrorBody>(
      '/v1/users/getter/notifications/01900000-0000-7000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOTIFICATIONS.NOT_FOUND');
    expect((await api.get(`/v1/users/not-getter/notifications/${mine.id}`)).status).toBe(404);
  });
});

describe('PATCH /v1/users/{userId}/notifications/{id}', () => {
  it('edits a scheduled one: 200', async () => {
    const n = await scheduleLater(api, 'editor');
    const res = await api.patch<NotificationJson>(`/v1/users/editor/notifications/${n.id}`, {
      title: 'New title',
      scheduledAt: '2099-01-01T09:00:00+01:00',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'New title',
      scheduledAt: '2099-01-01T08:00:00.000Z',
      status: 'scheduled',
    });
  });

  it('answers 409 once sent, 404 unknown, 400 bad field (nothing changed)', async () => {
    const sent = await sendNow(api, 'editor');
    const conflict = await api.patch<ErrorBody>(`/v1/users/editor/notifications/${sent.id}`, {
      title: 'x',
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('NOTIFICATIONS.ALREADY_SENT');
    expect(
      (
        await api.patch(`/v1/users/editor/notifications/01900000-0000-7000-8000-000000000000`, {
          title: 'x',
        })
      ).status,
    ).toBe(404);
    const n = await scheduleLater(api, 'editor', 'keep');
    const bad = await api.patch<ErrorBody>(`/v1/users/editor/notifications/${n.id}`, {
      title: 'changed?',
      scheduledAt: 'soon',
      status: 'sent',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields!.map((f) => f.path).sort()).toEqual(['scheduledAt', 'status']);
    expect(
      (await api.get<NotificationJson>(`/v1/users/editor/notifications/${n.id}`)).body.title,
    ).toBe('keep');
  });
});

describe('POST …/{id}/cancel and …/{id}/send-now', () => {
  it('cancels: 200 canceled, again 200 unchanged; a canceled one cannot be sent (409)', async () => {
    const n = await scheduleLater(api, 'canceler');
    const first = await api.post<NotificationJson>(
      `/v1/users/canceler/notifications/${n.id}/cancel`,
    );
    expect(first).toMatchObject({ status: 200, body: { status: 'canceled' } });
    const again = await api.post<NotificationJson>(
      `/v1/users/canceler/notifications/${n.id}/cancel`,
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const sendNowCanceled = await api.post<ErrorBody>(
      `/v1/users/canceler/notifications/${n.id}/send-now`,
    );
    expect(sendNowCanceled.status).toBe(409);
    expect(sendNowCanceled.body.error.code).toBe('NOTIFICATIONS.NOT_SCHEDULED');
  });

  it('cancel of a sent one answers it unchanged (seed 001 §3.1: a no-op), 404 for an unknown id', async () => {
    const sent = await sendNow(api, 'canceler');
    const res = await api.post<NotificationJson>(
      `/v1/users/canceler/notifications/${sent.id}/cancel`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sent.id, status: 'sent', sentAt: sent.sentAt });
    expect(
      (
        await api.post(
          `/v1/users/canceler/notifications/01900000-0000-7000-8000-000000000000/cancel`,
        )
      ).status,
    ).toBe(404);
  });

  it('send-now delivers a scheduled one at once: 200 sent, in the inbox; again 409', async () => {
    const n = await scheduleLater(api, 'hurry', 'Right now please');
    const res = await api.post<NotificationJson>(`/v1/users/hurry/notifications/${n.id}/send-now`);
    expect(res).toMatchObject({ status: 200, body: { id: n.id, status: 'sent' } });
    const inbox = await api.get<Page<InboxItemJson>>('/v1/users/hurry/inbox');
    expect(inbox.body.items.map((i) => i.notificationId)).toEqual([n.id]);
    expect((await api.post(`/v1/users/hurry/notifications/${n.id}/send-now`)).status).toBe(409);
    expect(
      (
        await api.post(
          `/v1/users/hurry/notifications/01900000-0000-7000-8000-000000000000/send-now`,
        )
      ).status,
    ).toBe(404);
  });

  it('rejects unknown fields in an action body (400)', async () => {
    const n = await scheduleLater(api, 'canceler');
    const res = await api.post<ErrorBody>(`/v1/users/canceler/notifications/${n.id}/cancel`, {
      reason: 'because',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([expect.objectContaining({ path: 'reason' })]);
    expect(
      (await api.get<NotificationJson>(`/v1/users/canceler/notifications/${n.id}`)).body.status,
    ).toBe('scheduled');
  });
});

describe('inbox', () => {
  it('lists items and marks one read (again: unchanged); 404 for an unknown item', async () => {
    const a = await sendNow(api, 'reader', 'first');
    const b = await sendNow(api, 'reader', 'second');
    const inbox = await api.get<Page<InboxItemJson>>('/v1/users/reader/inbox');
    expect(inbox.status).toBe(200);
    expect(inbox.body.items.map((i) => i.notificationId).sort()).toEqual([a.id, b.id].sort());
    const item = inbox.body.items.find((i) => i.notificationId === a.id)!;
    expect(Object.keys(item).sort()).toEqual(
      expect.arrayContaining([
        'id',
        'notificationId',
        'title',
        'message',
        'url',
        'createdAt',
        'readAt',
      ]),
    );
    const read = await api.post<InboxItemJson>(`/v1/users/reader/inbox/${item.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).toEqual(expect.any(String));
    const again = await api.post<InboxItemJson>(`/v1/users/reader/inbox/${item.id}/read`);
    expect(again.body.readAt).toBe(read.body.readAt);
    const unread = await api.get<Page<InboxItemJson>>('/v1/users/reader/inbox?unreadOnly=true');
    expect(unread.body.items.map((i) => i.notificationId)).toEqual([b.id]);
    expect(
      (await api.post('/v1/users/reader/inbox/01900000-0000-7000-8000-000000000000/read')).status,
    ).toBe(404);
    expect((await api.get('/v1/users/reader/inbox?limit=-1')).status).toBe(400);
  });
});

describe('subscriptions', () => {
  it('registers a webhook (201 with its secret once), lists it without the secret, deletes it (204, then 404)', async () => {
    const created = await api.post<{ id: string; secret: string; url: string; kind: string }>(
      '/v1/users/hooked/subscriptions',
      {
        kind: 'webhook',
        url: 'http://127.0.0.1:9/hook',
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'webhook',
      url: 'http://127.0.0.1:9/hook',
      // Seed 004: a program's channel keeps at-least-once (the receiver dedupes).
      guarantee: 'at-least-once',
    });
    expect(typeof created.body.id).toBe('string');
    expect(created.body.secret.length).toBeGreaterThan(0);
    const list = await api.get<{ items: Record<string, unknown>[] }>(
      '/v1/users/hooked/subscriptions',
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: created.body.id })]);
    expect(list.body.items[0]).not.toHaveProperty('secret');
    expect((await api.delete(`/v1/users/hooked/subscriptions/${created.body.id}`)).status).toBe(
      204,
    );
    const gone = await api.delete<ErrorBody>(`/v1/users/hooked/subscriptions/${created.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND');
  });

  it('answers 400 for a wrong kind or a bad url', async () => {
    const kind = await api.post<ErrorBody>('/v1/users/hooked/subscriptions', {
      kind: 'sms',
      url: 'http://x',
    });
    expect(kind.status).toBe(400);
    expect(kind.body.error.fields!.map((f) => f.path)).toContain('kind');
    const url = await api.post<ErrorBody>('/v1/users/hooked/subscriptions', {
      kind: 'webhook',
      url: 'ftp://example.com',
    });
    expect(url.status).toBe(400);
    expect(url.body.error.fields!.map((f) => f.path)).toContain('url');
  });
});

describe('POST /v1/notifications/deliver-due', () => {
  it('settles what is due and reports counts; 400 on a bad body', async () => {
    const res = await api.post<Record<string, number>>('/v1/notifications/deliver-due', {});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['dispatched', 'failed', 'missed', 'sent']);
    const bodyless = await api.post('/v1/notifications/deliver-due');
    expect(bodyless.status).toBe(200);
    const bad = await api.post<ErrorBody>('/v1/notifications/deliver-due', { everything: true });
    expect(bad.status).toBe(400);
  });
});

describe('tokens, metrics and unknown routes', () => {
  it('issues a user token (201) and refuses a bad user id (400)', async () => {
    const res = await api.post<{ token: string }>('/v1/users/token-owner/tokens');
    expect(res.status).toBe(201);
    expect(res.body.token.length).toBeGreaterThanOrEqual(40);
    expect((await api.post('/v1/users/bad%20user/tokens')).status).toBe(400);
  });

  it('exposes deliveries by status, queue depth and lateness in Prometheus text', async () => {
    await sendNow(api, 'metered');
    const res = await api.get<string>('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.body).toMatch(/tickler_deliveries\{status="sent"\} \d+/);
    expect(res.body).toMatch(/tickler_queue_depth\{state="pending"\} \d+/);
    expect(res.body).toContain('tickler_delivery_lateness_seconds_bucket');
  });

  it('answers 404 in the error envelope for an unknown route', async () => {
    const res = await api.get<ErrorBody>('/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('HTTP.ROUTE_NOT_FOUND');
  });

  it('documents every registered route in /openapi.json', async () => {
    const doc = await api.get<{ paths: Record<string, Record<string, unknown>> }>('/openapi.json');
    const operations = Object.entries(doc.body.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /v1/users/{userId}/notifications',
        'GET /v1/users/{userId}/notifications',
        'GET /v1/users/{userId}/notifications/{id}',
        'PATCH /v1/users/{userId}/notifications/{id}',
        'POST /v1/users/{userId}/notifications/{id}/cancel',
        'POST /v1/users/{userId}/notifications/{id}/send-now',
        'GET /v1/users/{userId}/inbox',
        'POST /v1/users/{userId}/inbox/{id}/read',
        'POST /v1/users/{userId}/subscriptions',
        'GET /v1/users/{userId}/subscriptions',
        'DELETE /v1/users/{userId}/subscriptions/{id}',
        'POST /v1/notifications/deliver-due',
        'POST /v1/reconcile',
        'POST /v1/notifications/batch',
        'GET /v1/users/{userId}/events',
        'GET /v1/events',
      ]),
    );
  });
});
