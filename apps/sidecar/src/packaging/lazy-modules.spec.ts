import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { lazyRequires } from './lazy-modules';

describe('lazyRequires', () => {
  it('keeps a lazy module out of the bundle: require() becomes a proxy, import() a promise', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-lazy-'));
    try {
      const entry = path.join(dir, 'entry.js');
      fs.writeFileSync(
        entry,
        `const chrono = require("chrono-node");\n` +
          `exports.parse = (text) => chrono.parse(text);\n` +
          `exports.client = () => import('undici');\n`,
      );
      const loader = path.join(dir, 'loader.js');
      fs.writeFileSync(loader, 'exports.loadLazyModule = (name) => ({ name });\n');
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        write: false,
        logLevel: 'silent',
        plugins: [lazyRequires(['chrono-node', 'undici'], loader)],
      });
      const code = result.outputFiles[0]!.text;
      expect(code).toContain('__ticklerLazy("chrono-node")');
      expect(code).toContain('__ticklerLoad("undici")');
      // Neither library's code is in it: the bundle is the entry, the helper and the loader.
      expect(code.length).toBeLessThan(3_000);
      const bundled = { exports: {} as Record<string, () => unknown> };
      const run = vm.compileFunction(code, ['module', 'exports', 'require']) as (
        ...args: unknown[]
      ) => void;
      run(bundled, bundled.exports, require);
      await expect(bundled.exports.client!()).resolves.toEqual({ name: 'undici' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
