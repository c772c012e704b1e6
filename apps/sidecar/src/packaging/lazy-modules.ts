import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { lazyAssetKey, lazyFileName } from '../runtime/lazy-modules';
import { NODE_BUNDLE_OPTIONS } from './node-bundle-options';

/**
 * Modules kept out of the main bundle and loaded when first used (`loadLazyModule`): start-up
 * needs none of them, and every byte of the main bundle is held twice in every daemon — in the
 * executable's pages and as source text on the V8 heap (measured: docs/benchmarks.md,
 * "Sidecar"). Time zones and recurrence (the Temporal polyfill), natural-language times
 * (chrono-node), phone numbers (class-validator's `IsPhoneNumber`, which we never use, loads
 * libphonenumber's metadata) and the webhook client (undici).
 */
export const LAZY_MODULES = [
  '@js-temporal/polyfill',
  'chrono-node',
  'libphonenumber-js/max',
  'undici',
];

function escaped(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Rewrites, in the compiled CommonJS that imports a lazy module: `require("<name>")` into a
 * proxy that loads the module when a property is first read, and `import("<name>")` into a
 * promise of the loaded module. tsc's output reads imports as properties at each use
 * (`polyfill_1.Temporal`, `chrono.parse`), and `__importStar` returns an object that says it is
 * an ES module as it is, so the proxy is transparent to that code. A module imported any other
 * way would be bundled as usual.
 */
export function lazyRequires(modules: readonly string[], loader: string): Plugin {
  const helper =
    `var __ticklerLoad = require(${JSON.stringify(loader)}).loadLazyModule;\n` +
    `var __ticklerLazy = (name) => { let loaded; return new Proxy({}, {\n` +
    `  get: (_, key) => key === '__esModule' ? true : (loaded ??= __ticklerLoad(name))[key],\n` +
    `  has: (_, key) => key in (loaded ??= __ticklerLoad(name)),\n` +
    `}); };\n`;
  const rewrites = modules.flatMap((name) => [
    {
      pattern: new RegExp(`\\brequire\\((['"])${escaped(name)}\\1\\)`, 'g'),
      replacement: `__ticklerLazy(${JSON.stringify(name)})`,
    },
    {
      pattern: new RegExp(`\\bimport\\((['"])${escaped(name)}\\1\\)`, 'g'),
      replacement: `Promise.resolve().then(() => __ticklerLoad(${JSON.stringify(name)}))`,
    },
  ]);
  return {
    name: 'tickler-lazy-modules',
    setup(plugin) {
      plugin.onLoad({ filter: /\.js$/ }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        let contents = source;
        for (const { pattern, replacement } of rewrites) {
          contents = contents.replace(pattern, replacement);
        }
        return contents === source
          ? undefined
          : { contents: helper + contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * Bundles each lazy module on its own (CommonJS, Node's built-in modules left out, as a single
 * executable's `require` only has those) into `<stage>/lazy/`, and returns the SEA assets:
 * `lazy:<name>` → file.
 */
export async function bundleLazyModules(
  stage: string,
  modules: readonly string[] = LAZY_MODULES,
): Promise<Record<string, string>> {
  const assets: Record<string, string> = {};
  for (const name of modules) {
    const outfile = path.join(stage, 'lazy', lazyFileName(name));
    await build({
      entryPoints: [require.resolve(name)],
      outfile,
      ...NODE_BUNDLE_OPTIONS,
    });
    assets[lazyAssetKey(name)] = outfile;
  }
  return assets;
}
