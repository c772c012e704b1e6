import { Api, DaemonProcess, type ErrorBody, queryDaemonDatabase } from '@tickler/testing';

// Issue 9, findings 1–3, 7–9: hostile bodies through the real daemon. Each answer is a 4xx
// naming the field, the daemon stays healthy, nothing is written.

let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  await daemon.terminate();
});

const FUTURE = '2099-01-01T00:00:00Z';
const USER = '/v1/users/ann/notifications';

async function deliveries(): Promise<number> {
  return (
    await queryDaemonDatabase<{ n: number }>(
      daemon.dbFile,
      'select count(*) as n from notification_deliveries',
    )
  )[0]!.n;
}

async function refused(
  path: string,
  body: unknown,
  status = 400,
): Promise<{ fields: string[]; text: string; error: ErrorBody['error'] }> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await api.request<ErrorBody>('POST', path, { raw });
  expect({ path, status: res.status }).toEqual({ path, status });
  return {
    fields: (res.body.error.fields ?? []).map((f) => f.path),
    text: JSON.stringify(res.body),
    error: res.body.error,
  };
}

describe('array sizes, nesting and error lists (finding 1, 2)', () => {
  it('answers a 2.7-million-entry batch (8 MB) with 400 naming items, and stays responsive', async () => {
    const before = await deliveries();
    const body = `{"items":[${'{},'.repeat(2_700_000)}{}]}`;
    expect(body.length).toBeLessThan(8 * 1024 * 1024);
    const { fields, text } = await refused('/v1/notifications/batch', body);
    expect(fields).toEqual(['items']);
    expect(text.length).toBeLessThan(4096);
    expect((await api.get('/healthz')).status).toBe(200);
    expect(await deliveries()).toBe(before);
  });

  it('caps the reconcile plan the same way', async () => {
    const planned = `[${'{},'.repeat(20_000)}{}]`;
    const { fields } = await refused('/v1/reconcile', `{"sourceApp":"a","planned":${planned}}`);
    expect(fields).toEqual(['planned']);
  });

  it('lists at most 100 bad fields, and counts the rest, in a few KiB', async () => {
    const items = Array.from({ length: 5000 }, () => ({ userId: 'bad user', title: 1 }));
    const { error, text } = await refused('/v1/notifications/batch', { items });
    expect(error.fields!.length).toBeLessThanOrEqual(100);
    expect((error as { omittedFields?: number }).omittedFields).toBeGreaterThan(10_000);
    expect(text.length).toBeLessThan(8 * 1024);
  });

  it('refuses JSON nested 2,000 levels deep, and 21,000 entries in an object field, naming the field', async () => {
    const deep = `{"title":"t","message":"m","source":${'['.repeat(2000)}${']'.repeat(2000)}}`;
    expect((await refused(USER, deep)).fields[0]).toMatch(/^source/);
    const wide = { title: 't', message: 'm', source: Array.from({ length: 21_000 }, () => ({})) };
    expect((await refused(USER, wide)).fields).toEqual(['source']);
  });

  it('answers a lead rule counting back before 1970 with 400 naming rule, single, batch and plan', async () => {
    const early = { eventAt: '1970-01-01T00:00:01Z', rule: 'lead:3600' };
    expect((await refused(USER, { title: 't', message: 'm', ...early })).fields).toEqual(['rule']);
    const batch = await refused('/v1/notifications/batch', {
      items: [{ userId: 'ann', title: 't', message: 'm', ...early }],
    });
    expect(batch.fields).toEqual(['items.0.rule']);
    const plan = await refused('/v1/reconcile', {
      sourceApp: 'a',
      planned: [{ userId: 'ann', sourceKey: 'k', title: 't', message: 'm', ...early }],
    });
    expect(plan.fields).toEqual(['planned.0.rule']);
  });
});

describe('instants (finding 3)', () => {
  it.each([
    '0070-06-01T00:00:00Z',
    '0099-12-31T23:00:00Z',
    '1969-12-31T23:59:59Z',
    '10000-01-01T00:00:00Z',
  ])('refuses scheduledAt %s with 400 naming it, storing nothing', async (scheduledAt) => {
    const before = await deliveries();
    expect((await refused(USER, { title: 't', message: 'm', scheduledAt })).fields).toEqual([
      'scheduledAt',
    ]);
    expect(await deliveries()).toBe(before);
  });
});

describe('text and links (finding 7, 9)', () => {
  it.each([
    ['url', 'javascript:alert(1)'],
    ['url', 'data:text/html,<b>x</b>'],
    ['url', '//evil.example/x'],
    ['title', 'a\u0000b'],
    ['title', 'invoice\u202Efdp.exe'],
    ['title', '\u001b[31mred'],
    ['title', 'lone \ud800 half'],
    ['message', 'bell \u0007'],
  ])('refuses %s = %j on POST and PATCH alike', async (field, value) => {
    expect((await refused(USER, { title: 't', message: 'm', [field]: value })).fields).toEqual([
      field,
    ]);
    const scheduled = await api.post<{ id: string }>(USER, {
      title: 't',
      message: 'm',
      scheduledAt: FUTURE,
    });
    const patch = await api.patch<ErrorBody>(`${USER}/${scheduled.body.id}`, { [field]: value });
    expect(patch.status).toBe(400);
    expect(patch.body.error.fields?.map((f) => f.path)).toEqual([field]);
  });

  it('accepts http(s) and same-origin links, and tab/newline in a message', async () => {
    for (const url of ['https://example.com/x?y=1', '/inbox/1']) {
      const res = await api.post(USER, { title: 't', message: 'a\n\tb', url, scheduledAt: FUTURE });
      expect(res.status).toBe(201);
    }
  });

  it('refuses an empty title on PATCH as POST does', async () => {
    const scheduled = await api.post<{ id: string }>(USER, {
      title: 't',
      message: 'm',
      scheduledAt: FUTURE,
    });
    const patch = await api.patch<ErrorBody>(`${USER}/${scheduled.body.id}`, { title: '' });
    expect(patch.status).toBe(400);
    expect(patch.body.error.fields?.map((f) => f.path)).toEqual(['title']);
  });
});

describe('idempotency keys (finding 8)', () => {
  it('replays the same request, refuses a different one with 409 IDEMPOTENCY.KEY_REUSED', async () => {
    const headers = { 'idempotency-key': 'reuse-1' };
    const body = { title: 'once', message: 'm', scheduledAt: FUTURE };
    const first = await api.post<{ id: string }>(USER, body, { headers });
    const again = await api.post<{ id: string }>(USER, body, { headers });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    const other = await api.post<ErrorBody>(USER, { ...body, title: 'twice' }, { headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY.KEY_REUSED');
  });

  it('refuses two Idempotency-Key headers with 400 instead of joining them', async () => {
    // fetch merges repeated headers itself: write the request by hand.
    const body = JSON.stringify({ title: 't', message: 'm' });
    const res = await rawRequest(
      [
        `POST ${USER} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: Bearer ${daemon.adminToken}`,
        'Content-Type: application/json',
        'Idempotency-Key: a',
        'Idempotency-Key: b',
        `Content-Length: ${body.length}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('"path":"Idempotency-Key"');
  });
});

describe('smaller doors (finding 9)', () => {
  it('refuses a body declared in another charset than UTF-8 with 415', async () => {
    const res = await api.request<ErrorBody>('POST', USER, {
      raw: JSON.stringify({ title: 't', message: 'm' }),
      contentType: 'application/json; charset=utf-16',
    });
    expect(res.status).toBe(415);
    const ok = await api.request('POST', USER, {
      raw: JSON.stringify({ title: 't', message: 'm', scheduledAt: FUTURE }),
      contentType: 'application/json; charset=UTF-8',
    });
    expect(ok.status).toBe(201);
  });

  it('sends Cache-Control: no-store with tokens and webhook secrets', async () => {
    const token = await api.post('/v1/users/ann/tokens');
    expect(token.headers.get('cache-control')).toBe('no-store');
    const sub = await api.post('/v1/users/ann/subscriptions', {
      kind: 'webhook',
      url: 'https://hooks.example.com/x',
    });
    expect(sub.status).toBe(201);
    expect(sub.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 421 to a Host that is not the daemon (DNS rebinding), on every route', async () => {
    const port = new URL(daemon.url).port;
    for (const [host, status] of [
      [`attacker.example:${port}`, 421],
      [`localhost:${port}`, 200],
      [`127.0.0.1:${port}`, 200],
      [`[::1]:${port}`, 200],
    ] as const) {
      const res = await rawRequest(
        `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect({ host, status: res.status }).toEqual({ host, status });
    }
  });
});

/** One hand-written HTTP/1.1 request (fetch will not send a foreign Host header). */
async function rawRequest(text: string): Promise<{ status: number; text: string }> {
  const net = await import('node:net');
  const url = new URL(daemon.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(data.split(' ')[1]), text: data }));
  });
}
