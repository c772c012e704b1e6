import fs from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

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
 * Modules loaded only when first used instead of when their importer loads: start-up needs
 * none of them, and each costs resident memory and start-up time in every daemon (measured:
 * docs/benchmarks.md, "Sidecar"). Time zones and recurrence (the Temporal polyfill), natural
 * language times (chrono-node), and phone numbers (class-validator's `IsPhoneNumber`, which we
 * never use, loads libphonenumber's metadata).
 */
export const LAZY_MODULES = ['@js-temporal/polyfill', 'chrono-node', 'libphonenumber-js/max'];

/** Stands in for a module's exports until a property is first read, then loads it. */
const LAZY_HELPER = `var __ticklerLazy = (load) => { let loaded; return new Proxy({}, {
  get: (_, key) => key === '__esModule' ? true : (loaded ??= load())[key],
  has: (_, key) => key in (loaded ??= load()),
}); };
`;

/**
 * Rewrites `require("<lazy module>")` in the compiled CommonJS that imports it into a proxy
 * that loads the module on first use. tsc's output reads imports as properties at each use
 * (`polyfill_1.Temporal`, `chrono.parse`), and `__importStar` returns an object that says it
 * is an ES module as it is, so the proxy is transparent to that code.
 */
function lazyRequires(modules: readonly string[]): Plugin {
  const requires = modules.map((name) => `require(${JSON.stringify(name)})`);
  return {
    name: 'tickler-lazy-requires',
    setup(plugin) {
      plugin.onLoad({ filter: /\.js$/ }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        if (!requires.some((call) => source.includes(call))) {
          return undefined;
        }
        let contents = source;
        for (const call of requires) {
          contents = contents.split(call).join(`__ticklerLazy(() => ${call})`);
        }
        return { contents: LAZY_HELPER + contents, loader: 'js' };
      });
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
  readonly outFile: string;
}): Promise<Bundle> {
  const result = await build({
    entryPoints: [options.entry],
    outfile: options.outFile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Smaller source parses faster at every start; names stay, as error names and logs use them.
    minify: true,
    keepNames: true,
    // pg's optional native driver is only loaded when asked for (we never do).
    external: ['pg-native'],
    // Not the repository's tsconfig: its `paths` point `@tickler/*` at the TypeScript sources,
    // and esbuild compiling those would drop the decorator metadata tsc wrote into dist/.
    tsconfigRaw: {},
    legalComments: 'eof',
    metafile: true,
    logLevel: 'warning',
    plugins: [embeddedBindings(options.addonLoader), lazyRequires(LAZY_MODULES)],
  });
  const sources = Object.keys(result.metafile.inputs).filter((input) => input.endsWith('.ts'));
  if (sources.length > 0) {
    throw new Error(`the bundle must be made of tsc's output, not sources: ${sources.join(', ')}`);
  }
  return { file: options.outFile, metafile: result.metafile };
}
