import fs from 'node:fs';
import { type DiscoveryRecord, readDiscoveryFile } from '@tickler/config';

/**
 * Writes the discovery file atomically (a 0600 temp file renamed over it) and returns what
 * removes it again at a clean stop — only while it is still this process's (a second daemon on
 * the same data may have written its own since).
 */
export function writeDiscoveryFile(file: string, record: DiscoveryRecord): () => void {
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
