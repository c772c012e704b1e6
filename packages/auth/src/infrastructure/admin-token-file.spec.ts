import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminTokenError, ensureAdminToken } from './admin-token-file';
import { AdminTokenFileSource } from './admin-token-source';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-token-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const TOKEN = 'a-token-that-is-long-enough-0001';

describe('admin.token', () => {
  it('is generated 0600 in a folder created 0700', () => {
    const file = path.join(dir, 'data', 'admin.token');
    const admin = ensureAdminToken({ token: undefined, file });
    expect(admin.source).toBe('generated');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it.each([0o640, 0o604, 0o644, 0o660])(
    'refuses a file with mode %o naming the file and the fix',
    (mode) => {
      const file = path.join(dir, 'admin.token');
      fs.writeFileSync(file, TOKEN, { mode });
      fs.chmodSync(file, mode);
      expect(() => ensureAdminToken({ token: undefined, file })).toThrow(AdminTokenError);
      expect(() => ensureAdminToken({ token: undefined, file })).toThrow(/chmod 600/);
    },
  );

  it('is re-read when it changes, and refused (fail closed) while it is unusable', () => {
    const file = path.join(dir, 'admin.token');
    fs.writeFileSync(file, TOKEN, { mode: 0o600 });
    const problems: string[] = [];
    const source = new AdminTokenFileSource(ensureAdminToken({ token: undefined, file }), (p) =>
      problems.push(p),
    );
    expect(source.current()).toBe(TOKEN);
    const next = `${TOKEN}-rotated`;
    fs.writeFileSync(`${file}.tmp`, next, { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
    expect(source.current()).toBe(next);
    fs.chmodSync(file, 0o644);
    expect(source.current()).toBeUndefined();
    expect(problems).toEqual([expect.stringContaining('chmod 600')]);
    fs.rmSync(file);
    expect(source.current()).toBeUndefined();
  });

  it('keeps a token from the environment as it is', () => {
    const source = new AdminTokenFileSource({ token: TOKEN, source: 'env' });
    expect(source.current()).toBe(TOKEN);
  });
});
