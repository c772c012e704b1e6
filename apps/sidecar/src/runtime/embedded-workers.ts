import fs from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';
import { type ImportWorkerSource } from '@tickler/daemon';

/** The SEA asset holding the calendar import worker's own bundle. */
export const ICS_IMPORT_WORKER_ASSET = 'worker:ics-import';

/** Its file beside the main bundle (`node stage/tickler-daemon.js` runs the plain bundle). */
export const ICS_IMPORT_WORKER_FILE = path.join('workers', 'ics-import.worker.js');

/**
 * Where the calendar import worker's code is in a packaged sidecar: a SEA asset inside the
 * executable, or the file beside the plain bundle; undefined when neither (the daemon runs
 * from tsc's output, where the worker file lies beside its importer). Read at each import and
 * not kept: imports are rare, and an idle sidecar's memory matters more.
 */
export function embeddedImportWorker(dir = __dirname): ImportWorkerSource | undefined {
  if (sea.isSea()) {
    return () => sea.getAsset(ICS_IMPORT_WORKER_ASSET, 'utf8');
  }
  const beside = path.join(dir, ICS_IMPORT_WORKER_FILE);
  return fs.existsSync(beside) ? () => fs.readFileSync(beside, 'utf8') : undefined;
}
