import fs from 'node:fs';
import path from 'node:path';
import { Api, DaemonProcess, queryDaemonDatabase } from '@tickler/testing';

const FIXTURE = path.join(__dirname, 'fixtures/release-0.1');

/** A copy of the first release's data folder (see fixtures/release-0.1/README.md). */
function copyOfFirstRelease(): string {
  const dir = DaemonProcess.tempDir();
  fs.copyFileSync(path.join(FIXTURE, 'tickler.db'), path.join(dir, 'tickler.db'));
  fs.copyFileSync(path.join(FIXTURE, 'admin.token'), path.join(dir, 'admin.token'));
  // git keeps no modes: the release wrote this file 0600.
  fs.chmodSync(path.join(dir, 'admin.token'), 0o600);
  return dir;
}

describe('upgrading a database made by the first release', () => {
  it('opens it, keeps its data, and its user token still authenticates', async () => {
    const dir = copyOfFirstRelease();
    const daemon = await new DaemonProcess(dir).start();
    try {
      const aliceToken = fs.readFileSync(path.join(FIXTURE, 'alice.token'), 'utf8').trim();
      const alice = new Api(daemon.url, aliceToken);
      const list = await alice.get<{ items: { title: string }[] }>('/v1/users/alice/notifications');
      expect(list.status).toBe(200);
      expect(list.body.items.map((n) => n.title)).toEqual(['from 0.1']);
      expect((await alice.get('/v1/users/bob/notifications')).status).toBe(403);
      expect((await new Api(daemon.url, daemon.adminToken).get('/metrics')).status).toBe(200);
    } finally {
      await daemon.terminate();
    }
    const ledger = (
      await queryDaemonDatabase<{ name: string }>(
        path.join(dir, 'tickler.db'),
        'select name from auth_migrations order by name',
      )
    ).map((r) => r.name);
    expect(ledger[0]).toBe('2026_11_30_0700_create_auth_user_tokens');
  });
});
