import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './repo-root';

describe('repoRoot', () => {
  it('finds the folder holding nx.json above a package', () => {
    const root = repoRoot(__dirname);
    expect(fs.existsSync(path.join(root, 'nx.json'))).toBe(true);
    expect(path.relative(root, __dirname)).toBe(path.join('packages', 'testing', 'src'));
  });

  it('says so when there is no workspace above', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-no-root-'));
    try {
      expect(() => repoRoot(outside)).toThrow(/no nx\.json above/);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
