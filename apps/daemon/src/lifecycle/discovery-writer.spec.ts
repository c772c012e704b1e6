import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDiscoveryFile } from '@tickler/config';
import { spawn } from 'node:child_process';
import { DiscoveryFileHeldError, writeDiscoveryFile } from './discovery-writer';

const record = (pid: number) => ({ url: 'http://127.0.0.1:1', tokenFile: null, pid, version: 't' });

describe('the discovery file (daemon.json) with two daemons on one data folder (issue 31)', () => {
  it('is neither overwritten nor deleted by a second daemon while the first runs', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-discovery-'));
    const file = path.join(dir, 'daemon.json');
    // The "first daemon": a live process other than this one.
    const first = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(file, JSON.stringify(record(first.pid!)), { mode: 0o600 });
      expect(() => writeDiscoveryFile(file, record(process.pid))).toThrow(DiscoveryFileHeldError);
      expect(() => writeDiscoveryFile(file, record(process.pid))).toThrow(
        new RegExp(`another daemon \\(pid ${first.pid}`),
      );
      expect(readDiscoveryFile(file)?.pid).toBe(first.pid);
    } finally {
      first.kill();
      await new Promise((resolve) => first.once('exit', resolve));
    }
    // Once it is gone, its stale file is replaced, and removed again at this one's stop.
    const remove = writeDiscoveryFile(file, record(process.pid));
    expect(readDiscoveryFile(file)?.pid).toBe(process.pid);
    remove();
    expect(fs.existsSync(file)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
