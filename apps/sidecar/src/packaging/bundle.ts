import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { LAZY_MODULES, lazyRequires } from './lazy-modules';
import { NODE_BUNDLE_OPTIONS } from './node-bundle-options';

/** What {@link bundleSidecar} wrote. */
export interface Bundle {
  readonly file: string;
  readonly metafile: Metafile;
}

/**
 * Replaces the `bindings` package (how better-sqlite3 finds its `.node` file: it walks up from
 * the caller's file, which means nothing inside a bundle) with the runtime's
 * `loadEmbeddedAddon`.
 */
function embeddedBindings(addonLoader: string): Plugin {
  return {
    name: 'tickler-embedded-bindings',
    setup(plugin) {
      plugin.onResolve({ filter: /^bindings$/ }, () => ({
        path: 'bindings',
        namespace: 'tickler-embedded',
      }));
      plugin.onLoad({ filter: /.*/, namespace: 'tickler-embedded' }, () => ({
        contents: `module.exports = require(${JSON.stringify(addonLoader)}).loadEmbeddedAddon;`,
        resolveDir: path.dirname(addonLoader),
        loader: 'js',
      }));
    },
  };
}

/**
 * Bundles the built (tsc) entry and everything it imports into one CommonJS file, the form a
 * single executable application runs (its `require` sees only Node's built-in modules). The
 * input is tsc's output, not the sources: esbuild does not emit decorator metadata, which
 * inversify's constructor injection reads.
 */
export async function bundleSidecar(options: {
  /** The built entry, e.g. `apps/sidecar/dist/runtime/sidecar-main.js`. */
  readonly entry: string;
  /** The built `embedded-addon.js` that stands in for `bindings`. */
  readonly addonLoader: string;
  /** The built `lazy-modules.js` that loads what `LAZY_MODULES` keeps out of the bundle. */
  readonly lazyLoader: string;
  readonly outFile: string;
}): Promise<Bundle> {
  const result = await build({
    entryPoints: [options.entry],
    outfile: options.outFile,
    ...NODE_BUNDLE_OPTIONS,
    // pg's optional native driver is only loaded when asked for (we never do).
    external: ['pg-native'],
    legalComments: 'eof',
    metafile: true,
    plugins: [
      embeddedBindings(options.addonLoader),
      lazyRequires(LAZY_MODULES, options.lazyLoader),
    ],
  });
  const sources = Object.keys(result.metafile.inputs).filter((input) => input.endsWith('.ts'));
  if (sources.length > 0) {
    throw new Error(`the bundle must be made of tsc's output, not sources: ${sources.join(', ')}`);
  }
  return { file: options.outFile, metafile: result.metafile };
}
