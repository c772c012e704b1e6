import fs from 'node:fs';
import path from 'node:path';
import { Api, DaemonProcess, runToExit } from '@tickler/testing';

// Issue 9, finding 5: the data folder and every file in it are the owner's alone.

const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;

/**
 * Makes `file` a token owned by another user: as root, chown to nobody (65534); otherwise a
 * symlink (the daemon follows it, as `stat` does) to a file root owns and keeps private.
 */
function ownedByAnotherUser(file: string): void {
  if (process.getuid?.() === 0) {
    fs.chownSync(file, 65534, 65534);
    return;
  }
  const rootsOwn = ['/proc/1/environ', '/proc/kcore', '/etc/master.passwd'].find((candidate) => {
    const stat = fs.statSync(candidate, { throwIfNoEntry: false });
    return stat !== undefined && stat.uid === 0 && (stat.mode & 0o077) === 0;
  });
  if (rootsOwn === undefined) {
    throw new Error('no private root-owned file to point admin.token at on this system');
  }
  fs.rmSync(file);
  fs.symlinkSync(rootsOwn, file);
}

describe('file modes (real process, stat)', () => {
  it('creates its data folder 0700 and admin.token, the database, -wal and -shm 0600', async () => {
    const dir = DaemonProcess.tempDir();
    const data = path.join(dir, 'data');
    const daemon = await new DaemonProcess(dir, {
      TICKLER_DB: path.join(data, 'tickler.db'),
    }).start();
    try {
      // A write, so the WAL and its index certainly exist.
      const api = new Api(
        daemon.url,
        fs.readFileSync(path.join(data, 'admin.token'), 'utf8').trim(),
      );
      expect(
        (await api.post('/v1/users/ann/notifications', { title: 't', message: 'm' })).status,
      ).toBe(201);
      const modes = Object.fromEntries(
        ['', 'admin.token', 'tickler.db', 'tickler.db-wal', 'tickler.db-shm'].map((name) => [
          name || 'data/',
          modeOf(path.join(data, name)).toString(8),
        ]),
      );
      expect(modes).toEqual({
        'data/': '700',
        'admin.token': '600',
        'tickler.db': '600',
        'tickler.db-wal': '600',
        'tickler.db-shm': '600',
      });
    } finally {
      await daemon.terminate();
    }
  });

  it.each([
    ['readable by others', (file: string) => fs.chmodSync(file, 0o644), /chmod 600/],
    ['writable by the group', (file: string) => fs.chmodSync(file, 0o620), /chmod 600/],
    [
      'owned by another user',
      ownedByAnotherUser,
      process.getuid?.() === 0 ? /owned by uid 65534/ : /owned by uid 0, not by this user/,
    ],
  ])('refuses to start, with one line, when admin.token is %s', async (_what, spoil, message) => {
    const dir = DaemonProcess.tempDir();
    const file = path.join(dir, 'admin.token');
    fs.writeFileSync(file, 'a-token-that-is-long-enough-0001\n', { mode: 0o600 });
    spoil(file);
    const result = await runToExit({ TICKLER_DB: path.join(dir, 'tickler.db'), TICKLER_PORT: '0' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('admin.token');
    expect(lines[0]).toMatch(message);
    expect(fs.existsSync(path.join(dir, 'tickler.db'))).toBe(false);
  });
});
