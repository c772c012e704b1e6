import fs from 'node:fs';
import { type DiscoveryRecord, readDiscoveryFile } from '@tickler/config';

/**
 * Another live daemon's discovery file is already there: it is left alone (issue 31: a second
 * daemon on the same data folder overwrote it, then deleted it on exit, and the CLI lost the
 * first daemon, which still ran).
 */
export class DiscoveryFileHeldError extends Error {
  constructor(
    readonly file: string,
    readonly holder: DiscoveryRecord,
  ) {
    super(
      `another daemon (pid ${holder.pid}, ${holder.url}) already serves this data folder: ${file} is left as it is, so clients keep finding that one; stop it, or give this one its own TICKLER_DB`,
    );
    this.name = 'DiscoveryFileHeldError';
  }
}

/**
 * Writes the discovery file atomically (a 0600 temp file renamed over it) and returns what
 * removes it again at a clean stop — only while it is still this process's. A file naming
 * another live process is never overwritten: {@link DiscoveryFileHeldError}.
 */
export function writeDiscoveryFile(file: string, record: DiscoveryRecord): () => void {
  const holder = readDiscoveryFile(file);
  if (holder !== undefined && holder.pid !== record.pid) {
    throw new DiscoveryFileHeldError(file, holder);
  }
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync's mode applies only when it creates the file: make sure of it.
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
  return () => {
    try {
      if (readDiscoveryFile(file)?.pid === record.pid) {
        fs.rmSync(file, { force: true });
      }
    } catch {
      // Best effort: a stale file is recognised by its dead pid anyway.
    }
  };
}
