import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Api, DaemonProcess, eventually, runToExit } from '@tickler/testing';

describe('daemon life cycle (real process)', () => {
  // These tests read different sides of one default start (its files, its output, its routes,
  // its port), so they share one daemon instead of starting five: each start is seconds of a
  // loaded machine. Tests that need their own settings or stop the daemon start their own.
  describe('a default start', () => {
    let daemon: DaemonProcess;
    beforeAll(async () => {
      daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
    });
    afterAll(async () => {
      await daemon?.terminate();
    });

    it('generates a 0600 admin token beside the database, logs its path and never the token', () => {
      const file = path.join(daemon.dir, 'admin.token');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const token = daemon.adminToken;
      expect(token.length).toBeGreaterThanOrEqual(40);
      expect(daemon.lines.some((l) => l.file === file)).toBe(true);
      expect(JSON.stringify(daemon.lines)).not.toContain(token);
      expect(daemon.stderr).not.toContain(token);
    });

    it('prints the first-reminder commands as plain text on stderr, and the curl line pastes into a shell', async () => {
      const curl = await eventually(async () =>
        Promise.resolve(
          daemon.stderr
            .split('\n')
            .map((l) => l.trim())
            .find((l) => l.startsWith('curl ')),
        ),
      );
      expect(daemon.stderr).toContain(`Tickler is listening on ${daemon.url}`);
      expect(daemon.stderr).toContain('tickler remind "stretch your legs" --in 2m');
      expect(curl).toContain(`${daemon.url}/v1/users/me/notifications`);
      expect(curl).toContain(
        `-H "Authorization: Bearer $(cat ${path.join(daemon.dir, 'admin.token')})"`,
      );
      expect(daemon.lines.some((l) => l.msg === 'try it')).toBe(false);
      // Pasted as is: the shell reads the token file and node computes the instant.
      const created = JSON.parse(execFileSync('sh', ['-c', curl], { encoding: 'utf8' })) as {
        title: string;
        status: string;
      };
      expect(created).toMatchObject({ title: 'stretch your legs', status: 'scheduled' });
    });

    it('prints the readiness line as its first stdout line, before the start-up logs it held', () => {
      const port = Number(new URL(daemon.url).port);
      expect(daemon.lines[0]).toEqual({
        tickler: 'ready',
        url: daemon.url,
        port,
        tokenFile: path.join(daemon.dir, 'admin.token'),
        pid: expect.any(Number) as number,
        version: expect.stringMatching(/^\d+\.\d+\.\d+$/) as string,
        peers: 0,
      });
      const admin = daemon.lines.findIndex((l) => l.msg === 'admin token');
      const listening = daemon.lines.findIndex((l) => l.msg === 'listening');
      expect(0 < admin && admin < listening).toBe(true);
    });

    it('answers /healthz without a token and serves its OpenAPI document', async () => {
      const api = new Api(daemon.url);
      expect(await api.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      const doc = await api.get<{
        openapi: string;
        paths: Record<string, Record<string, unknown>>;
      }>('/openapi.json');
      expect(doc.status).toBe(200);
      expect(doc.body.openapi).toBe('3.1.0');
      expect(Object.keys(doc.body.paths)).toEqual(
        expect.arrayContaining(['/healthz', '/metrics', '/v1/users/{userId}/tokens']),
      );
    });

    it('exits 1 when its port is taken, saying so in one line with no JSON and no stack', async () => {
      const port = new URL(daemon.url).port;
      const result = await runToExit({
        TICKLER_DB: path.join(DaemonProcess.tempDir(), 'x.db'),
        TICKLER_PORT: port,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `tickler daemon: port ${port} is in use — is another tickler running? set TICKLER_PORT\n`,
      );
    });
  });

  it('keeps the same admin token across restarts and exits 0 on SIGTERM and SIGINT', async () => {
    const daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
    const first = daemon.adminToken;
    expect(await daemon.terminate('SIGTERM')).toEqual({ code: 0, signal: null });
    const again = await new DaemonProcess(daemon.dir).start();
    expect(again.adminToken).toBe(first);
    expect(again.lines.find((l) => l.msg === 'admin token')?.source).toBe('file');
    const api = new Api(again.url, first);
    expect((await api.get('/metrics')).status).toBe(200);
    expect(await again.terminate('SIGINT')).toEqual({ code: 0, signal: null });
  });

  it('uses TICKLER_ADMIN_TOKEN when given and writes no token file', async () => {
    const token = 'an-admin-token-from-the-environment';
    const daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_ADMIN_TOKEN: token,
    }).start();
    try {
      expect(fs.existsSync(path.join(daemon.dir, 'admin.token'))).toBe(false);
      expect((await new Api(daemon.url, token).get('/metrics')).status).toBe(200);
    } finally {
      await daemon.terminate();
    }
  });

  it('reads the same keys from a TICKLER_CONFIG JSON file, the environment winning', async () => {
    const dir = DaemonProcess.tempDir();
    const config = path.join(dir, 'tickler.json');
    fs.writeFileSync(
      config,
      JSON.stringify({ TICKLER_DELIVERY: 'dry-run', TICKLER_GRACE: '5m', TICKLER_PORT: 1 }),
    );
    const daemon = await new DaemonProcess(dir, { TICKLER_CONFIG: config }).start();
    try {
      expect(daemon.lines.find((l) => l.msg === 'listening')).toMatchObject({
        delivery: 'dry-run',
        graceMs: 300_000,
      });
    } finally {
      await daemon.terminate();
    }
  });

  it('warns at start when TICKLER_GRACE does not outlast the safety sweep plus slack (seed 004)', async () => {
    const short = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_GRACE: '90s',
    }).start();
    const long = await new DaemonProcess(DaemonProcess.tempDir(), { TICKLER_GRACE: '3m' }).start();
    try {
      expect(short.lines.filter((l) => /TICKLER_GRACE/.test(String(l.msg)))).toEqual([
        expect.objectContaining({ level: 40, graceMs: 90_000 }),
      ]);
      expect(long.lines.filter((l) => /TICKLER_GRACE/.test(String(l.msg)))).toEqual([]);
    } finally {
      await short.terminate();
      await long.terminate();
    }
  });

  it.each([
    [{ TICKLER_PORT: 'eighty' }, 'TICKLER_PORT'],
    [{ TICKLER_GRACE: 'soon' }, 'TICKLER_GRACE'],
    [{ TICKLER_GRACE: '12' }, 'TICKLER_GRACE: "12" has no unit'],
    [{ TICKLER_DELIVERY: 'carrier-pigeon' }, 'TICKLER_DELIVERY'],
    [{ TICKLER_ADMIN_TOKEN: 'short' }, 'TICKLER_ADMIN_TOKEN'],
    [{ TICKLER_CONFIG: '/nonexistent/tickler.json' }, 'TICKLER_CONFIG'],
  ])('refuses bad configuration %j with exit 1 and a clear message', async (env, key) => {
    const dir = DaemonProcess.tempDir();
    const result = await runToExit({
      TICKLER_DB: path.join(dir, 'x.db'),
      TICKLER_PORT: '0',
      ...env,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(key);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
