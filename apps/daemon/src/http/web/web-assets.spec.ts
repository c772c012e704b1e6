import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWebAssets } from './web-assets';

function folder(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-assets-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('loadWebAssets', () => {
  it('is undefined for a folder without index.html (the app is not built)', () => {
    expect(loadWebAssets(folder({ 'other.txt': 'x' }))).toBeUndefined();
    expect(loadWebAssets(path.join(os.tmpdir(), 'no-such-folder-here'))).toBeUndefined();
  });

  it('maps every file to its URL path, type and ETag; only assets/ is immutable', () => {
    const assets = loadWebAssets(
      folder({ 'index.html': '<!doctype html>', 'assets/app-1.js': 'x', 'sw.js': 'y' }),
    )!;
    expect([...assets.keys()].sort()).toEqual(['/assets/app-1.js', '/index.html', '/sw.js']);
    expect(assets.get('/index.html')).toMatchObject({
      contentType: 'text/html; charset=utf-8',
      immutable: false,
    });
    expect(assets.get('/assets/app-1.js')?.immutable).toBe(true);
    expect(assets.get('/sw.js')?.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('refuses a folder with more files than a build has', () => {
    const files: Record<string, string> = { 'index.html': '' };
    for (let i = 0; i < 501; i += 1) {
      files[`f${i}.txt`] = '';
    }
    expect(() => loadWebAssets(folder(files))).toThrow(/more than 500 files/);
  });
});
