import fs from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';
import vm from 'node:vm';

/** The SEA asset holding a lazy module's own bundle: `lazy:<module name>`. */
export function lazyAssetKey(name: string): string {
  return `lazy:${name}`;
}

/** File name of a lazy module's bundle beside the main bundle (`lazy/<name>.js`, `/` → `__`). */
export function lazyFileName(name: string): string {
  return `${name.replace(/\//g, '__')}.js`;
}

const loaded = new Map<string, unknown>();

/**
 * Loads a module the packaging step kept out of the main bundle (`LAZY_MODULES`), on its
 * first use: its own bundle (CommonJS, requiring only Node's built-in modules) is compiled
 * and run once. Inside the executable its source is a SEA asset — it stays in the file's
 * pages, not on the V8 heap, until something needs it; run as a plain bundle under `node`,
 * it is the file `lazy/<name>.js` beside the bundle.
 */
export function loadLazyModule(name: string): unknown {
  if (loaded.has(name)) {
    return loaded.get(name);
  }
  const source = sea.isSea()
    ? sea.getAsset(lazyAssetKey(name), 'utf8')
    : fs.readFileSync(path.join(__dirname, 'lazy', lazyFileName(name)), 'utf8');
  const run = vm.compileFunction(source, ['exports', 'require', 'module'], {
    filename: `tickler-lazy:${name}`,
  }) as (exports: unknown, load: NodeJS.Require, module: { exports: unknown }) => void;
  const holder = { exports: {} as unknown };
  run(holder.exports, require, holder);
  loaded.set(name, holder.exports);
  return holder.exports;
}
