import { Api, DaemonProcess, queryDaemonDatabase } from '@tickler/testing';

interface Operation {
  method: string;
  path: string;
  security?: unknown[];
  access?: string;
}

let daemon: DaemonProcess;
let admin: Api;
let operations: Operation[];
let aliceToken: string;

/** A JSON body for methods that carry one. */
function bodyFor(method: string): { body?: unknown } {
  return method === 'GET' || method === 'DELETE' ? {} : { body: {} };
}

/** Fills `{userId}` and `{id}` placeholders. */
function concrete(path: string, userId: string): string {
  return path.replace('{userId}', userId).replace('{id}', '01900000-0000-7000-8000-000000000000');
}

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  admin = new Api(daemon.url, daemon.adminToken);
  const doc = await admin.get<{
    paths: Record<string, Record<string, { security?: unknown[]; 'x-access'?: string }>>;
  }>('/openapi.json');
  operations = Object.entries(doc.body.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      security: op.security,
      access: op['x-access'],
    })),
  );
  aliceToken = (await admin.post<{ token: string }>('/v1/users/alice/tokens')).body.token;
});

afterAll(async () => {
  await daemon.terminate();
});

const accessOf = (op: Operation): string => op.access ?? '';
const isPublic = (op: Operation): boolean => Array.isArray(op.security) && op.security.length === 0;
const isUserRoute = (op: Operation): boolean =>
  op.path.startsWith('/v1/users/{userId}/') && !op.path.endsWith('/tokens');

describe('authentication and scoping, for every route in the OpenAPI document', () => {
  it('covers the whole contract', () => {
    expect(operations.filter(isUserRoute).length).toBeGreaterThanOrEqual(12);
    expect(
      operations
        .filter((op) => !isPublic(op) && !isUserRoute(op))
        .map((op) => `${op.method} ${op.path}`),
    ).toEqual(
      expect.arrayContaining([
        'POST /v1/notifications/deliver-due',
        'POST /v1/reconcile',
        'GET /metrics',
        'GET /v1/events',
        'POST /v1/users/{userId}/tokens',
      ]),
    );
  });

  it('answers 401 with WWW-Authenticate to a request without a token (internal endpoints included)', async () => {
    for (const op of operations.filter((o) => !isPublic(o))) {
      const res = await admin.request<{ error: { code: string } }>(
        op.method,
        concrete(op.path, 'alice'),
        { token: undefined, ...bodyFor(op.method) },
      );
      expect({ op: `${op.method} ${op.path}`, status: res.status }).toEqual({
        op: `${op.method} ${op.path}`,
        status: 401,
      });
      expect(res.body.error.code).toBe('AUTH.UNAUTHENTICATED');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('answers 401 to an unknown token and to a malformed Authorization header', async () => {
    for (const op of operations.filter((o) => !isPublic(o))) {
      const unknown = await admin.request(op.method, concrete(op.path, 'alice'), {
        token: 'not-a-token-anyone-issued',
        ...bodyFor(op.method),
      });
      expect({ op: `${op.method} ${op.path}`, status: unknown.status }).toEqual({
        op: `${op.method} ${op.path}`,
        status: 401,
      });
    }
    const basic = await admin.request('GET', '/metrics', {
      token: undefined,
      headers: { authorization: `Basic ${daemon.adminToken}` },
    });
    expect(basic.status).toBe(401);
  });

  it("refuses a user token on another user's path (403) for every user route", async () => {
    const alice = admin.as(aliceToken);
    for (const op of operations.filter(isUserRoute)) {
      const res = await alice.request<{ error: { code: string } }>(
        op.method,
        concrete(op.path, 'bob'),
        bodyFor(op.method),
      );
      expect({ op: `${op.method} ${op.path}`, status: res.status }).toEqual({
        op: `${op.method} ${op.path}`,
        status: 403,
      });
      expect(res.body.error.code).toBe('AUTH.FORBIDDEN');
    }
  });

  it('refuses a user token on admin routes (403), even with its own user id in the path', async () => {
    const alice = admin.as(aliceToken);
    expect(operations.filter((o) => o.access === 'admin').length).toBeGreaterThanOrEqual(8);
    for (const op of operations.filter((o) => !isPublic(o) && !isUserRoute(o))) {
      expect(accessOf(op)).toMatch(/^(admin|signed-in)$/);
    }
    for (const op of operations.filter((o) => o.access === 'admin')) {
      const res = await alice.request(op.method, concrete(op.path, 'alice'), bodyFor(op.method));
      expect({ op: `${op.method} ${op.path}`, status: res.status }).toEqual({
        op: `${op.method} ${op.path}`,
        status: 403,
      });
    }
  });

  it("lets a user token reach its own user's routes", async () => {
    const alice = admin.as(aliceToken);
    const sent = await alice.post<{ id: string; userId: string }>('/v1/users/alice/notifications', {
      title: 'mine',
      message: '',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.userId).toBe('alice');
    for (const op of operations.filter(
      (o) => isUserRoute(o) && o.method === 'GET' && !o.path.endsWith('/events'),
    )) {
      const res = await alice.request(op.method, concrete(op.path, 'alice'));
      expect([200, 404]).toContain(res.status);
    }
    expect((await alice.get(`/v1/users/alice/notifications/${sent.body.id}`)).status).toBe(200);
  });

  it('never stores a user token in clear text', async () => {
    const rows = await queryDaemonDatabase<{ token_hash: string; user_id: string }>(
      daemon.dbFile,
      'select token_hash, user_id from auth_user_tokens',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash) && r.token_hash !== aliceToken),
    ).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(aliceToken);
  });
});
