import fs from 'node:fs';
import path from 'node:path';

/** Mode of a folder the application creates for its data: only its owner may list or enter it. */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of the database and its `-wal`/`-shm`: they hold every reminder and webhook secrets. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes the folder of `file` (mode 0700 for every folder created) and the file itself (0600)
 * before SQLite opens it: SQLite gives `-wal` and `-shm` the mode of the database file, so the
 * whole set ends up 0600 whatever the umask says. An existing file that others may read is
 * tightened to 0600 (it is ours, and a database made before this rule was 0644). Returns the
 * files whose mode was tightened.
 */
export function preparePrivateFile(file: string): string[] {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  const tightened: string[] = [];
  for (const candidate of [file, `${file}-wal`, `${file}-shm`]) {
    const stat = fs.statSync(candidate, { throwIfNoEntry: false });
    if (stat !== undefined && (stat.mode & 0o077) !== 0) {
      fs.chmodSync(candidate, PRIVATE_FILE_MODE);
      tightened.push(candidate);
    }
  }
  return tightened;
}
