import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { icsImportWorkerEntry } from '@tickler/daemon';
import {
  ICS_IMPORT_WORKER_ASSET,
  ICS_IMPORT_WORKER_FILE,
  SQLITE_WORKER_ASSET,
  SQLITE_WORKER_FILE,
} from '../runtime/embedded-workers';
import { NODE_BUNDLE_OPTIONS } from './node-bundle-options';

/**
 * Bundles each worker thread's entry on its own — whole, with no lazy module (a worker has no
 * loader for them) — into `<stage>/workers/` and returns the SEA assets: key → file. The main
 * bundle has no file to start a worker from; the runtime starts it from this code
 * (`embeddedImportWorker`).
 */
export async function bundleWorkers(stage: string): Promise<Record<string, string>> {
  const outfile = path.join(stage, ICS_IMPORT_WORKER_FILE);
  await build({ entryPoints: [icsImportWorkerEntry()], outfile, ...NODE_BUNDLE_OPTIONS });
  // better-sqlite3 for the WAL checkpoint thread, which always names its addon's file.
  const sqlite = path.join(stage, SQLITE_WORKER_FILE);
  await build({
    entryPoints: [require.resolve('better-sqlite3')],
    outfile: sqlite,
    ...NODE_BUNDLE_OPTIONS,
    plugins: [noBindings],
  });
  return { [ICS_IMPORT_WORKER_ASSET]: outfile, [SQLITE_WORKER_ASSET]: sqlite };
}

/**
 * better-sqlite3 finds its addon through the `bindings` package only when it is not given
 * one; the checkpoint thread always gives it (`nativeBinding`), so `bindings` is left out.
 */
const noBindings: Plugin = {
  name: 'tickler-no-bindings',
  setup(plugin) {
    plugin.onResolve({ filter: /^bindings$/ }, () => ({ path: 'bindings', namespace: 'none' }));
    plugin.onLoad({ filter: /.*/, namespace: 'none' }, () => ({
      contents: `module.exports = () => { throw new Error('better-sqlite3: nativeBinding must be given'); };`,
      loader: 'js',
    }));
  },
};
