/**
 * The code of the WAL checkpoint thread ({@link WalCheckpointer}), run with
 * `new Worker(code, { eval: true, workerData })`. `bundle`: better-sqlite3's whole code as one
 * CommonJS bundle, run in the thread (a packaged app has no file of it); without it, the thread
 * requires `workerData.module`. Plain CommonJS in a string rather than a
 * TypeScript entry file: it runs unchanged from tsc's output, under jest (whose transform does
 * not reach a worker's own `require`) and from a bundle, with nothing to build beside it.
 *
 * `workerData`: `{ module?, file, nativeBinding?, minFrames }` — where better-sqlite3 is, the
 * database file, optionally its addon's path, and the frames that make a checkpoint worth it. Messages in: `'checkpoint'` and `'close'`. Messages out: `{ ready }`
 * once the connection is open, `{ log, checkpointed, busy }` after each checkpoint (frames in
 * the WAL, frames copied into the database, whether another checkpoint held it), and
 * `{ error }` before the thread ends on a failure.
 */
export function walCheckpointWorkerSource(bundle?: string): string {
  const loadDatabase =
    bundle === undefined
      ? 'require(workerData.module)'
      : `(() => { const module = { exports: {} }; const exports = module.exports;\n${bundle}\n;return module.exports; })()`;
  return `
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
let db;
let shm;
try {
  const Database = ${loadDatabase};
  db = new Database(workerData.file, {
    fileMustExist: true,
    ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}),
  });
  // The same durability as the application's connection: the checkpoint fsyncs the database
  // file; nothing this connection writes is a transaction of its own.
  db.pragma('synchronous = NORMAL');
  // This connection never checkpoints on its own (it commits nothing), but say so.
  db.pragma('wal_autocheckpoint = 0');
  shm = fs.openSync(workerData.file + '-shm', 'r');
} catch (error) {
  parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  process.exit(1);
}
// Frames written to the WAL and not yet copied into the database, read from the wal-index
// (https://www.sqlite.org/walformat.html: the first header's mxFrame at byte 16, the
// checkpoint info's nBackfill at byte 96, native byte order, iVersion 3007000). A checkpoint
// waits for minFrames of them, as SQLite's autocheckpoint waits for its 1,000 pages: after a
// complete checkpoint the next commit restarts the WAL and fsyncs its header on the event
// loop, so checkpointing a few frames at a time would cost the writer more fsyncs, not fewer.
// An index this code does not know says "checkpoint".
const header = Buffer.alloc(100);
const littleEndian = os.endianness() === 'LE';
function pendingFrames() {
  if (fs.readSync(shm, header, 0, 100, 0) < 100) {
    return Infinity;
  }
  const u32 = (at) => (littleEndian ? header.readUInt32LE(at) : header.readUInt32BE(at));
  return u32(0) === 3007000 ? u32(16) - u32(96) : Infinity;
}
// Asks that come in while a checkpoint runs wait in the port's queue (this thread does one
// thing at a time); the main thread sends at most one per interval, so they stay few.
function checkpoint() {
  try {
    if (pendingFrames() < workerData.minFrames) {
      return;
    }
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: row.log, checkpointed: row.checkpointed, busy: row.busy });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
    db.close();
    process.exit(1);
  }
}
parentPort.on('message', (message) => {
  if (message === 'close') {
    fs.closeSync(shm);
    db.close();
    parentPort.close();
    return;
  }
  checkpoint();
});
parentPort.postMessage({ ready: true });
`;
}
