import path from 'node:path';
import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DaemonProcess, runToExit } from '@tickler/testing';

// Issue 29, finding 4: a password in TICKLER_SMTP_URL must not go out in clear. A server that
// offers no STARTTLS stops the start with one line, unless the operator opts in.

let server: SMTPServer;
let port: number;
const auths: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      auths.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('TICKLER_SMTP_URL with a password and a server without STARTTLS', () => {
  it('refuses to start with one line naming the setting and the way out; nothing authenticated', async () => {
    const dir = DaemonProcess.tempDir();
    const { code, stderr } = await runToExit({
      TICKLER_DB: path.join(dir, 'tickler.db'),
      TICKLER_PORT: '0',
      TICKLER_SMTP_URL: `smtp://bot:s3cret@127.0.0.1:${port}`,
      TICKLER_SMTP_FROM: 'reminders@example.org',
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `tickler daemon: bad configuration: TICKLER_SMTP_URL: smtp://127.0.0.1:${port} offers no STARTTLS, so its password would be sent in clear; use smtps://, a server with STARTTLS, or add ?insecure_auth=true to send it unencrypted on purpose\n`,
    );
    expect(stderr).not.toContain('s3cret');
    expect(auths).toEqual([]);
  });

  it('starts when the operator opts in with ?insecure_auth=true', async () => {
    const daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
      TICKLER_SMTP_URL: `smtp://bot:s3cret@127.0.0.1:${port}?insecure_auth=true`,
      TICKLER_SMTP_FROM: 'reminders@example.org',
    }).start();
    expect((await fetch(`${daemon.url}/healthz`)).status).toBe(200);
    expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
  });
});
