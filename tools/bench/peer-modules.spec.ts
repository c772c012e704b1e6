import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importPeer, PeerMissingError, peersDir, peersInstalled } from './peer-modules';

describe('the bench peers live outside the workspace install', () => {
  it('finds tools/bench/peers with its own lock file, not among the root dependencies', () => {
    const dir = peersDir();
    expect(path.relative(path.resolve(__dirname, '..'), dir)).toBe(path.join('bench', 'peers'));
    const peers = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const root = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'),
    ) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const name of Object.keys(peers.dependencies)) {
      expect({ name, root: root.dependencies[name] ?? root.devDependencies[name] }).toEqual({
        name,
        root: undefined,
      });
    }
    expect(fs.existsSync(path.join(dir, 'package-lock.json'))).toBe(true);
  });

  it('calls a folder without an install not installed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peers-'));
    fs.writeFileSync(path.join(dir, 'package-lock.json'), '{}');
    expect(peersInstalled(dir)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the missing peer and how to install it', async () => {
    await expect(importPeer('no-such-peer-package')).rejects.toThrow(PeerMissingError);
    await expect(importPeer('no-such-peer-package')).rejects.toThrow(/npm run bench/);
  });
});
