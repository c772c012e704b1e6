import fs from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';
import { type CheckpointWorkerModule, type ImportWorkerSource } from '@tickler/daemon';
import { embeddedAddonFile } from './embedded-addon';

/** The SEA asset holding the calendar import worker's own bundle. */
export const ICS_IMPORT_WORKER_ASSET = 'worker:ics-import';

/** Its file beside the main bundle (`node stage/tickler-daemon.js` runs the plain bundle). */
export const ICS_IMPORT_WORKER_FILE = path.join('workers', 'ics-import.worker.js');

/** The SEA asset holding better-sqlite3 as one bundle, for the WAL checkpoint thread. */
export const SQLITE_WORKER_ASSET = 'worker:better-sqlite3';

/** Its file beside the main bundle. */
export const SQLITE_WORKER_FILE = path.join('workers', 'better-sqlite3.js');

/** The native addon the main bundle and the checkpoint thread both load. */
const SQLITE_ADDON = 'better_sqlite3.node';

/**
 * Where the SQLite WAL checkpoint thread finds better-sqlite3 in a packaged sidecar: its
 * bundle (a SEA asset, or the file beside the plain bundle) and the addon file the main
 * bundle loads too; undefined when neither (tsc's output, where `require.resolve` finds
 * better-sqlite3). Read when the thread starts, once per process.
 */
export function embeddedSqliteModule(dir = __dirname): (() => CheckpointWorkerModule) | undefined {
  if (sea.isSea()) {
    return () => ({
      bundle: () => sea.getAsset(SQLITE_WORKER_ASSET, 'utf8'),
      nativeBinding: embeddedAddonFile(SQLITE_ADDON, dir),
    });
  }
  const beside = path.join(dir, SQLITE_WORKER_FILE);
  return fs.existsSync(beside)
    ? () => ({
        bundle: () => fs.readFileSync(beside, 'utf8'),
        nativeBinding: embeddedAddonFile(SQLITE_ADDON, dir),
      })
    : undefined;
}

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
