import fs from 'node:fs';
import path from 'node:path';
import { Api, DaemonProcess, type ErrorBody } from '@tickler/testing';

// The browser's way in, through the real daemon: a session exchanged for a user token (an
// httpOnly cookie and the page's `sessionKey`, sent as X-Tickler-Session: both needed), the CSRF
// rule on it, the page's headers, the Host guard, and the built app served at `/`.

let daemon: DaemonProcess;
let admin: Api;
let anonymous: Api;
let aliceToken: string;
let origin: string;

/** A stand-in for the built app: the daemon serves whatever build it is pointed at. */
function fakeBuild(): string {
  const dir = path.join(DaemonProcess.tempDir(), 'web');
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Tickler</title><script type="module" src="/assets/app-1.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'console.log("app")');
  return dir;
}

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
    TICKLER_WEB_DIR: fakeBuild(),
  }).start();
  admin = new Api(daemon.url, daemon.adminToken);
  anonymous = new Api(daemon.url);
  origin = daemon.url;
  aliceToken = (await admin.post<{ token: string }>('/v1/users/alice/tokens')).body.token;
});

afterAll(async () => {
  await daemon.terminate();
});

/** A signed-in page's credentials: the cookie pair (`tickler_session=…`) and its key. */
interface Session {
  cookie: string;
  key: string;
  setCookie: string;
}

/** Signs in with a token; answers the cookie pair, the page's key and the Set-Cookie. */
async function signIn(token = aliceToken): Promise<Session> {
  const res = await anonymous.post<{ sessionKey: string }>(
    '/v1/session',
    { token },
    { headers: { origin } },
  );
  expect(res.status).toBe(201);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, key: res.body.sessionKey, setCookie };
}

/** Request options signed in by the session: the cookie and the X-Tickler-Session header. */
const withCookie = (session: Session, extra: Record<string, string> = {}) => ({
  token: undefined,
  headers: { cookie: session.cookie, 'x-tickler-session': session.key, ...extra },
});

describe('sessions: POST/GET/DELETE /v1/session', () => {
  it('sets an httpOnly, SameSite=Strict cookie (not Secure over plain http), gives the page its key, and says who it is', async () => {
    const session = await signIn();
    const { setCookie, key } = session;
    expect(setCookie).toMatch(
      /^tickler_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/,
    );
    expect(setCookie).not.toContain('Secure');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).not.toContain(key);
    const me = await anonymous.get<{ userId: string }>('/v1/session', withCookie(session));
    expect(me.status).toBe(200);
    expect(me.body.userId).toBe('alice');
    expect(JSON.stringify(me.body)).not.toContain(aliceToken);
    expect(JSON.stringify(me.body)).not.toContain(key);
  });

  it('the cookie alone signs nobody in: what a page or server on another port of the host gets (issue 29)', async () => {
    const session = await signIn();
    const cookieOnly = { token: undefined, headers: { cookie: session.cookie, origin } };
    expect((await anonymous.get('/v1/session', cookieOnly)).status).toBe(401);
    expect((await anonymous.get('/v1/users/alice/notifications', cookieOnly)).status).toBe(401);
    const schedule = await anonymous.post<ErrorBody>(
      '/v1/users/alice/notifications',
      { title: 'from another port', message: '' },
      cookieOnly,
    );
    expect(schedule.status).toBe(401);
    // Nor the key without the cookie, nor a key of another session.
    const keyOnly = { token: undefined, headers: { 'x-tickler-session': session.key, origin } };
    expect((await anonymous.get('/v1/users/alice/notifications', keyOnly)).status).toBe(401);
    const other = await signIn();
    const mixed = withCookie({ ...session, key: other.key }, { origin });
    expect((await anonymous.get('/v1/users/alice/notifications', mixed)).status).toBe(401);
    const list = await admin.get<{ items: unknown[] }>('/v1/users/alice/notifications');
    expect(JSON.stringify(list.body.items)).not.toContain('from another port');
  });

  it('refuses the admin token (403), an unknown token (401) and a sign-in from another site (403)', async () => {
    const asAdmin = await anonymous.post<ErrorBody>('/v1/session', { token: daemon.adminToken });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.headers.get('set-cookie')).toBeNull();
    const unknown = await anonymous.post<ErrorBody>('/v1/session', { token: 'nope' });
    expect(unknown.status).toBe(401);
    const missing = await anonymous.post<ErrorBody>('/v1/session', {});
    expect(missing.status).toBe(400);
    expect(new Set(missing.body.error.fields?.map((f) => f.path))).toEqual(new Set(['token']));
    const crossSite = await anonymous.post<ErrorBody>(
      '/v1/session',
      { token: aliceToken },
      { headers: { origin: 'http://evil.example' } },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('AUTH.CROSS_ORIGIN');
  });

  it('signs out on the server: the old cookie no longer works anywhere', async () => {
    const cookie = await signIn();
    expect((await anonymous.get('/v1/users/alice/notifications', withCookie(cookie))).status).toBe(
      200,
    );
    const noOrigin = await anonymous.delete<ErrorBody>('/v1/session', withCookie(cookie));
    expect(noOrigin.status).toBe(403);
    const out = await anonymous.delete('/v1/session', withCookie(cookie, { origin }));
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^tickler_session=; .*Max-Age=0/);
    expect((await anonymous.get('/v1/session', withCookie(cookie))).status).toBe(401);
    expect((await anonymous.get('/v1/users/alice/notifications', withCookie(cookie))).status).toBe(
      401,
    );
  });
});

describe('the cookie reaches exactly what the token reaches', () => {
  it('answers every documented route with the same status as the bearer token', async () => {
    const cookie = await signIn();
    const doc = await anonymous.get<{ paths: Record<string, Record<string, unknown>> }>(
      '/openapi.json',
    );
    const ops = Object.entries(doc.body.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: p })),
    );
    const compared = ops.filter(
      // Streams stay open (their own test below); the session routes are the cookie's own.
      (op) => !op.path.endsWith('/events') && !op.path.startsWith('/v1/session'),
    );
    expect(compared.length).toBeGreaterThan(20);
    for (const op of compared) {
      for (const user of ['alice', 'bob']) {
        const url = op.path
          .replace('{userId}', user)
          .replace(/\{\w+\}/g, '01900000-0000-7000-8000-000000000000');
        const body = op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} };
        const byToken = await anonymous.request(op.method, url, { token: aliceToken, ...body });
        const byCookie = await anonymous.request(op.method, url, {
          ...withCookie(cookie, { origin }),
          ...body,
        });
        expect({ op: `${op.method} ${url}`, status: byCookie.status }).toEqual({
          op: `${op.method} ${url}`,
          status: byToken.status,
        });
      }
    }
    expect((await anonymous.get('/metrics', withCookie(cookie))).status).toBe(403);
    expect((await anonymous.get('/v1/users/alice/tokens', withCookie(cookie))).status).toBe(403);
  });

  it('opens the user’s own event stream, and not another user’s', async () => {
    const cookie = await signIn();
    const controller = new AbortController();
    const own = await fetch(`${daemon.url}/v1/users/alice/events`, {
      ...withCookie(cookie),
      signal: controller.signal,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('text/event-stream');
    controller.abort();
    const other = await anonymous.get('/v1/users/bob/events', withCookie(cookie));
    expect(other.status).toBe(403);
  });
});

describe('CSRF: a state-changing request signed in by the cookie needs this origin', () => {
  it('refuses a missing or foreign Origin with 403 naming the problem, and accepts this one', async () => {
    const cookie = await signIn();
    const send = (headers: Record<string, string>) =>
      anonymous.post<ErrorBody & { id?: string }>(
        '/v1/users/alice/notifications',
        { title: 'from the page', message: '' },
        withCookie(cookie, headers),
      );
    const none = await send({});
    expect(none.status).toBe(403);
    expect(none.body.error.code).toBe('AUTH.CROSS_ORIGIN');
    expect(none.body.error.message).toMatch(/Origin/);
    const foreign = await send({ origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toContain('evil.example');
    const otherPort = await send({ origin: daemon.url.replace(/:\d+$/, ':1') });
    expect(otherPort.status).toBe(403);
    const list = await anonymous.get<{ items: unknown[] }>(
      '/v1/users/alice/notifications',
      withCookie(cookie),
    );
    expect(list.body.items).toHaveLength(0);
    expect((await send({ origin })).status).toBe(201);
  });

  it('refuses a cross-origin PATCH and DELETE with the session too (every writing method, not only POST)', async () => {
    const session = await signIn();
    const created = await admin
      .as(aliceToken)
      .post<{ id: string }>('/v1/users/alice/notifications', {
        title: 'keep me',
        message: '',
        scheduledAt: '2099-01-01T09:00:00Z',
      });
    const path = `/v1/users/alice/notifications/${created.body.id}`;
    for (const foreign of ['http://evil.example', daemon.url.replace(/:\d+$/, ':1')]) {
      const patch = await anonymous.request<ErrorBody>('PATCH', path, {
        ...withCookie(session, { origin: foreign }),
        body: { title: 'changed by another site' },
      });
      expect({ foreign, status: patch.status, code: patch.body.error.code }).toEqual({
        foreign,
        status: 403,
        code: 'AUTH.CROSS_ORIGIN',
      });
      const del = await anonymous.request<ErrorBody>(
        'DELETE',
        path,
        withCookie(session, { origin: foreign }),
      );
      expect({ foreign, status: del.status, code: del.body.error.code }).toEqual({
        foreign,
        status: 403,
        code: 'AUTH.CROSS_ORIGIN',
      });
    }
    const after = await admin.get<{ title: string; status: string }>(path);
    expect(after.body).toMatchObject({ title: 'keep me', status: 'scheduled' });
    const ownPatch = await anonymous.request('PATCH', path, {
      ...withCookie(session, { origin }),
      body: { title: 'changed here' },
    });
    expect(ownPatch.status).toBe(200);
  });
});

describe('POST /v1/time/parse', () => {
  it('previews a time for a cookie, a user token or the admin; refuses anonymous and bad text', async () => {
    const cookie = await signIn();
    const body = { when: 'in 2 hours', timeZone: 'Europe/Berlin' };
    const byCookie = await anonymous.post<{ instant: string; readAs: string }>(
      '/v1/time/parse',
      body,
      withCookie(cookie, { origin }),
    );
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.readAs).toBe('from-now');
    expect((await admin.as(aliceToken).post('/v1/time/parse', body)).status).toBe(200);
    expect((await admin.post('/v1/time/parse', body)).status).toBe(200);
    expect((await anonymous.post('/v1/time/parse', body)).status).toBe(401);
    const bad = await admin.post<ErrorBody>('/v1/time/parse', { ...body, when: 'tomorrow blah' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('when');
  });
});

describe('the page', () => {
  it('serves the build at /, its assets, and the page for any deep link (SPA fallback)', async () => {
    const page = await anonymous.get<string>('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('/assets/app-1.js');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const deep = await anonymous.get<string>('/inbox');
    expect(deep.status).toBe(200);
    expect(deep.body).toBe(page.body);
    const js = await anonymous.get('/assets/app-1.js');
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const again = await anonymous.get('/assets/app-1.js', {
      headers: { 'if-none-match': js.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect((await anonymous.get('/assets/gone-2.js')).status).toBe(404);
    const api404 = await anonymous.get<ErrorBody>('/v1/nothing-here');
    expect(api404.body.error.code).toBe('HTTP.ROUTE_NOT_FOUND');
  });

  it('carries a CSP without unsafe-inline and the usual security headers', async () => {
    const page = await anonymous.get('/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('refuses a Host that is not an allowed name (DNS rebinding), and serves loopback names', async () => {
    const port = new URL(daemon.url).port;
    const hostOf = async (host: string): Promise<number> => {
      const http = await import('node:http');
      return new Promise((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path: '/', headers: { host } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    };
    expect(await hostOf(`evil.example:${port}`)).toBe(421);
    expect(await hostOf(`localhost:${port}`)).toBe(200);
    expect(await hostOf(`127.0.0.1:${port}`)).toBe(200);
    expect(await hostOf(`[::1]:${port}`)).toBe(200);
  });
});
