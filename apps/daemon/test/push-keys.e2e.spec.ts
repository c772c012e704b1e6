import fs from 'node:fs';
import path from 'node:path';
import { Api, DaemonProcess, type ErrorBody, runToExit } from '@tickler/testing';

describe('web push keys (real process)', () => {
  it('generates the VAPID pair on first start into a 0600 vapid.json and serves its public half without a token', async () => {
    const daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
    let publicKey: string;
    try {
      const file = path.join(daemon.dir, 'vapid.json');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const answer = await new Api(daemon.url).get<{ publicKey: string }>(
        '/v1/push/vapid-public-key',
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ publicKey: stored.publicKey });
      expect(Buffer.from(answer.body.publicKey, 'base64url')).toHaveLength(65);
      publicKey = answer.body.publicKey;
      expect(daemon.lines.find((l) => l.msg === 'web push keys')).toMatchObject({
        publicKey,
        keys: file,
      });
      expect(JSON.stringify(daemon.lines)).not.toContain(stored.privateKey);
      // This daemon has no TICKLER_SMTP_URL: no email, said at registration, not at send time.
      expect(daemon.lines.find((l) => l.msg === 'email')).toMatchObject({ smtp: 'off' });
      const email = await new Api(daemon.url, daemon.adminToken).post<ErrorBody>(
        '/v1/users/eve/subscriptions',
        { kind: 'email', address: 'eve@example.net' },
      );
      expect(email.status).toBe(400);
      expect(email.body.error.fields).toEqual([
        { path: 'kind', message: expect.stringContaining('TICKLER_SMTP_URL') as unknown },
      ]);
    } finally {
      await daemon.terminate();
    }
    const again = await new DaemonProcess(daemon.dir).start();
    try {
      const answer = await new Api(again.url).get<{ publicKey: string }>(
        '/v1/push/vapid-public-key',
      );
      expect(answer.body.publicKey).toBe(publicKey);
    } finally {
      await again.terminate();
    }
  });

  it('refuses to start with a key file others may read, naming it', async () => {
    const dir = DaemonProcess.tempDir();
    const first = await new DaemonProcess(dir).start();
    await first.terminate();
    const file = path.join(dir, 'vapid.json');
    fs.chmodSync(file, 0o644);
    const { code, stderr } = await runToExit({
      TICKLER_DB: path.join(dir, 'tickler.db'),
      TICKLER_PORT: '0',
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `tickler daemon: bad configuration: vapid.json: ${file}: holds the VAPID private key but others may read it (mode 644); run chmod 600 on it\n`,
    );
  });
});
