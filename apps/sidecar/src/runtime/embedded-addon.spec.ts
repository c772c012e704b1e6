import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedAddonError, loadAddonFile, materializeAddon } from './embedded-addon';

const ADDON = path.join(
  path.dirname(require.resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);

function sourceOf(bytes: Uint8Array) {
  let reads = 0;
  return {
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    bytes: () => {
      reads++;
      return bytes;
    },
    reads: () => reads,
  };
}

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-cache-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('materializeAddon', () => {
  it('writes the addon once under its digest, read-only in private folders, and loads from there', () => {
    const source = sourceOf(fs.readFileSync(ADDON));
    const file = materializeAddon('better_sqlite3.node', source, root);
    expect(file).toBe(path.join(root, 'native', source.sha256.slice(0, 16), 'better_sqlite3.node'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o500);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(materializeAddon('better_sqlite3.node', source, root)).toBe(file);
    expect(source.reads()).toBe(1);
    // What a SEA start does with it: a real addon, loaded from the cache.
    const addon = loadAddonFile(file) as { Database?: unknown };
    expect(typeof addon.Database).toBe('function');
  });

  it('rewrites a file whose bytes are not the recorded ones (truncated, replaced)', () => {
    const source = sourceOf(Buffer.from('the real bytes'));
    const file = materializeAddon('x.node', source, root);
    fs.chmodSync(file, 0o600);
    fs.writeFileSync(file, 'tampered');
    expect(materializeAddon('x.node', source, root)).toBe(file);
    expect(fs.readFileSync(file, 'utf8')).toBe('the real bytes');
    expect(source.reads()).toBe(2);
  });

  it('refuses a folder others can write to, and bytes that do not match their digest', () => {
    fs.mkdirSync(path.join(root, 'native'), { mode: 0o700 });
    fs.chmodSync(path.join(root, 'native'), 0o777);
    const source = sourceOf(Buffer.from('bytes'));
    expect(() => materializeAddon('x.node', source, root)).toThrow(EmbeddedAddonError);
    expect(() => materializeAddon('x.node', source, root)).toThrow(/only this user can write/);
    fs.chmodSync(path.join(root, 'native'), 0o700);
    const lying = { sha256: source.sha256, bytes: () => Buffer.from('other bytes') };
    expect(() => materializeAddon('x.node', lying, root)).toThrow(/does not match/);
  });

  it('takes only a plain addon file name', () => {
    expect(() => materializeAddon('../evil.node', sourceOf(Buffer.from('')), root)).toThrow(
      /not an addon file name/,
    );
  });
});
