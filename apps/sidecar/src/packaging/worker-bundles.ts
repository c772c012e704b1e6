import path from 'node:path';
import { build } from 'esbuild';
import { icsImportWorkerEntry } from '@tickler/daemon';
import { ICS_IMPORT_WORKER_ASSET, ICS_IMPORT_WORKER_FILE } from '../runtime/embedded-workers';
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
  return { [ICS_IMPORT_WORKER_ASSET]: outfile };
}
