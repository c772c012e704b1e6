import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type InstanceLock, isSafeInstanceId, type Peers } from './instance-lock';

const LOCK_SUFFIX = '.lock';

/** Folder beside a SQLite database file holding one lock file per running instance. */
export function instanceLockFolder(databaseFile: string): string {
  return `${path.resolve(databaseFile)}.instances`;
}

/** What a probe of another instance's lock file found. */
type Probe = 'held' | 'free' | 'missing';

/**
 * Probes a lock file: its owner holds an open `BEGIN EXCLUSIVE`, so a write transaction of
 * ours fails at once (busy timeout 0) while it lives. The kernel drops the owner's fcntl lock
 * when the owner's process dies. Any other failure (permissions, I/O) reads as `held`: when in
 * doubt, the lease decides.
 */
function probe(file: string): Probe {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    return (error as { code?: string }).code === 'SQLITE_CANTOPEN' && !fs.existsSync(file)
      ? 'missing'
      : 'held';
  }
  try {
    db.exec('begin immediate');
    db.exec('rollback');
    return 'free';
  } catch {
    return 'held';
  } finally {
    db.close();
  }
}

/**
 * SQLite's instance lock: a small SQLite file per instance beside the database
 * (`<db>.instances/<id>.lock`, folder 0700, file 0600) that its owner keeps in an open
 * `BEGIN EXCLUSIVE` for its whole life. SQLite holds that with fcntl locks, which the kernel
 * releases when the process dies, however it dies; others probe with a busy timeout of 0.
 * Node has no flock, and this needs no native addon beyond the driver we already ship. SQLite
 * tracks its locks per inode within a process, so an instance in the same process (tests) is
 * seen exactly as one in another process. ADR 0004.
 */
export class SqliteInstanceLock implements InstanceLock {
  private held: BetterSqlite3.Database | undefined;

  private constructor(
    readonly id: string,
    private readonly folder: string,
    holder: BetterSqlite3.Database,
  ) {
    this.held = holder;
  }

  /**
   * Takes the lock for `id`. The file is locked under a temporary name and then renamed into
   * place, so every `<id>.lock` another instance can see is already locked by its owner (a
   * probe never mistakes a starting instance for a dead one).
   */
  static acquire(databaseFile: string, id: string): SqliteInstanceLock {
    if (!isSafeInstanceId(id)) {
      throw new Error(`instance id "${id}" must be letters, digits and dashes`);
    }
    const folder = instanceLockFolder(databaseFile);
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    const final = path.join(folder, `${id}${LOCK_SUFFIX}`);
    const starting = `${final}.starting`;
    fs.closeSync(fs.openSync(starting, 'wx', 0o600));
    const holder = new BetterSqlite3(starting, { timeout: 0 });
    try {
      holder.exec('begin exclusive');
      fs.renameSync(starting, final);
    } catch (error) {
      holder.close();
      fs.rmSync(starting, { force: true });
      throw error;
    }
    return new SqliteInstanceLock(id, folder, holder);
  }

  deadAmong(ids: readonly string[]): Promise<string[]> {
    return Promise.resolve(
      ids.filter(
        (id) => id !== this.id && isSafeInstanceId(id) && probe(this.fileOf(id)) !== 'held',
      ),
    );
  }

  peers(): Promise<Peers> {
    const live = new Set<string>();
    const dead: string[] = [];
    for (const name of fs.readdirSync(this.folder)) {
      if (!name.endsWith(LOCK_SUFFIX)) {
        continue;
      }
      const id = name.slice(0, -LOCK_SUFFIX.length);
      if (id === this.id || !isSafeInstanceId(id)) {
        continue;
      }
      const found = probe(this.fileOf(id));
      if (found === 'held') {
        live.add(id);
      } else if (found === 'free') {
        dead.push(id);
      }
    }
    return Promise.resolve({ live, dead });
  }

  forget(deadIds: readonly string[]): Promise<void> {
    for (const id of deadIds) {
      if (id !== this.id && isSafeInstanceId(id)) {
        fs.rmSync(this.fileOf(id), { force: true });
      }
    }
    return Promise.resolve();
  }

  release(): Promise<void> {
    const holder = this.held;
    this.held = undefined;
    if (holder) {
      // The caller released our claims before this; from here on we read as dead.
      fs.rmSync(this.fileOf(this.id), { force: true });
      holder.exec('rollback');
      holder.close();
    }
    return Promise.resolve();
  }

  private fileOf(id: string): string {
    return path.join(this.folder, `${id}${LOCK_SUFFIX}`);
  }
}
