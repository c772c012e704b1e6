import fs from 'node:fs';
import path from 'node:path';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { FileVapidKeySource, VapidKeyFileError } from './file-vapid-key-source';
import { generateVapidKeyPair, vapidKeyPairProblem } from './vapid-key-pair';

let dir: TempDirectory;
beforeEach(() => {
  dir = createTempDirectory('tickler-vapid-');
});
afterEach(() => dir.remove());

const at = (): string => '2026-12-01T09:00:00.000Z';
const modeOf = (file: string): number => fs.statSync(file).mode & 0o777;

describe('FileVapidKeySource', () => {
  it('generates a valid pair on first use into a 0600 file in a new 0700 folder', async () => {
    const file = dir.file('data/vapid.json');
    const pair = await new FileVapidKeySource(file, at).current();

    expect(vapidKeyPairProblem(pair)).toBeUndefined();
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ ...pair, createdAt: at() });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['vapid.json']);
  });

  it('keeps the pair across restarts, and two daemons starting together agree on one', async () => {
    const file = dir.file('vapid.json');
    const [a, b] = await Promise.all([
      new FileVapidKeySource(file, at).current(),
      new FileVapidKeySource(file, at).current(),
    ]);
    expect(a).toEqual(b);
    expect(await new FileVapidKeySource(file, at).current()).toEqual(a);
  });

  it('refuses a file others may read, naming it and the fix', async () => {
    const file = dir.file('vapid.json');
    await new FileVapidKeySource(file, at).current();
    fs.chmodSync(file, 0o644);
    const source = new FileVapidKeySource(file, at);
    await expect(source.current()).rejects.toThrow(VapidKeyFileError);
    await expect(source.current()).rejects.toThrow(/vapid\.json: .*others may read it.*chmod 600/);
  });

  it.each([
    ['not JSON', 'nope', /is not JSON/],
    [
      'a short private key',
      JSON.stringify({ ...generateVapidKeyPair(), privateKey: 'AAAA' }),
      /privateKey is not/,
    ],
    [
      'keys from two pairs',
      JSON.stringify({
        publicKey: generateVapidKeyPair().publicKey,
        privateKey: generateVapidKeyPair().privateKey,
      }),
      /does not belong/,
    ],
  ])('refuses a file holding %s', async (_, content, message) => {
    const file = dir.file('vapid.json');
    fs.writeFileSync(file, content, { mode: 0o600 });
    await expect(new FileVapidKeySource(file, at).current()).rejects.toThrow(message);
  });
});
