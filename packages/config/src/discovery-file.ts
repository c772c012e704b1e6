import fs from 'node:fs';
import path from 'node:path';

/**
 * What a running daemon writes beside its database (`daemon.json`, mode 0600) so that a client
 * started anywhere finds it: the real URL (also when it was asked for port 0) and where its
 * admin token is — never the token itself.
 */
export interface DiscoveryRecord {
  /** Base URL it listens on, e.g. `http://127.0.0.1:8787`. */
  readonly url: string;
  /** The admin token file, or null when the token came from `TICKLER_ADMIN_TOKEN`. */
  readonly tokenFile: string | null;
  /** The daemon's process id (a record whose process is gone is stale). */
  readonly pid: number;
  /** The daemon's version. */
  readonly version: string;
}

/** Largest discovery file read: a few hundred bytes are expected. */
const MAX_BYTES = 4096;

/** Where a daemon with this database writes its discovery file; none for `:memory:`. */
export function discoveryFileFor(db: string): string | undefined {
  return db === ':memory:' ? undefined : path.join(path.dirname(path.resolve(db)), 'daemon.json');
}

/**
 * Reads a discovery file; undefined when it does not exist, is not one (wrong shape, too big,
 * a URL that is not http(s)), or names a process that is no longer running.
 */
export function readDiscoveryFile(file: string): DiscoveryRecord | undefined {
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_BYTES) {
      return undefined;
    }
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = parsed as Partial<Record<keyof DiscoveryRecord, unknown>> | null;
  if (
    record === null ||
    typeof record !== 'object' ||
    typeof record.url !== 'string' ||
    !/^https?:\/\/[^\s]+$/.test(record.url) ||
    !(record.tokenFile === null || typeof record.tokenFile === 'string') ||
    typeof record.pid !== 'number' ||
    !Number.isInteger(record.pid) ||
    record.pid <= 0
  ) {
    return undefined;
  }
  if (!processIsRunning(record.pid)) {
    return undefined;
  }
  return {
    url: record.url,
    tokenFile: record.tokenFile,
    pid: record.pid,
    version: typeof record.version === 'string' ? record.version : 'unknown',
  };
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
