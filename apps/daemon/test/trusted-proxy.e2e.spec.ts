import { Api, DaemonProcess, type ErrorBody } from '@tickler/testing';

// Issue 29, finding 6: behind a TLS proxy the session cookie was never Secure and every write
// signed in by it was refused (its Origin is https://…, the daemon saw http). X-Forwarded-Proto
// is believed only from a proxy the operator names in TICKLER_TRUSTED_PROXY.

/** What a TLS-terminating proxy in front of the daemon adds to each request. */
function proxied(daemon: DaemonProcess, extra: Record<string, string> = {}) {
  const host = new URL(daemon.url).host;
  return { 'x-forwarded-proto': 'https', origin: `https://${host}`, ...extra };
}

async function signInThroughProxy(daemon: DaemonProcess, token: string) {
  return new Api(daemon.url).post<{ sessionKey?: string } & ErrorBody>(
    '/v1/session',
    { token },
    { headers: proxied(daemon) },
  );
}

describe('a TLS proxy the operator trusts (TICKLER_TRUSTED_PROXY=127.0.0.1)', () => {
  let daemon: DaemonProcess;
  let token: string;
  beforeAll(async () => {
    daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_TRUSTED_PROXY: '127.0.0.1',
    }).start();
    token = (
      await new Api(daemon.url, daemon.adminToken).post<{ token: string }>('/v1/users/ann/tokens')
    ).body.token;
  });
  afterAll(async () => {
    await daemon.terminate();
  });

  it('sets a Secure cookie, and writes signed in by the session from the https page work', async () => {
    const res = await signInThroughProxy(daemon, token);
    expect(res.status).toBe(201);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/; Secure$/);
    const created = await new Api(daemon.url).post(
      '/v1/users/ann/notifications',
      {
        title: 'through the proxy',
        message: '',
      },
      {
        headers: proxied(daemon, {
          cookie: setCookie.split(';')[0] ?? '',
          'x-tickler-session': res.body.sessionKey ?? '',
        }),
      },
    );
    expect(created.status).toBe(201);
  });
});

describe('no trusted proxy (the default)', () => {
  let daemon: DaemonProcess;
  let token: string;
  beforeAll(async () => {
    daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
    token = (
      await new Api(daemon.url, daemon.adminToken).post<{ token: string }>('/v1/users/ann/tokens')
    ).body.token;
  });
  afterAll(async () => {
    await daemon.terminate();
  });

  it('ignores X-Forwarded-Proto from anyone: no Secure cookie, and an https Origin is another origin', async () => {
    const res = await signInThroughProxy(daemon, token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('AUTH.CROSS_ORIGIN');
    const plain = await new Api(daemon.url).post<{ sessionKey: string }>(
      '/v1/session',
      { token },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(plain.status).toBe(201);
    expect(plain.headers.get('set-cookie')).not.toContain('Secure');
  });
});
