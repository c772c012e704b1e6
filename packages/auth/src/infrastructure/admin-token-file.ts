import fs from 'node:fs';
import path from 'node:path';
import { generateToken } from './crypto-token-secrets';

/** The admin token cannot be used (a file holding no usable token). */
export class AdminTokenError extends Error {
  readonly code = 'AUTH.ADMIN_TOKEN_UNUSABLE';

  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'AdminTokenError';
  }
}

/** The admin token in force and where it came from (the token itself is never logged). */
export interface AdminToken {
  readonly token: string;
  readonly source: 'env' | 'file' | 'generated' | 'memory';
  /** File holding it, for `file` and `generated`. */
  readonly file?: string;
}

/** Where the admin token comes from: a given one, else a file (none: kept in memory). */
export interface AdminTokenSettings {
  /** `TICKLER_ADMIN_TOKEN`, when set. */
  readonly token: string | undefined;
  /** `admin.token` beside the database; undefined for an in-memory database. */
  readonly file: string | undefined;
}

/**
 * Refuses a token file others could read or replace, as OpenSSH does for private keys: group or
 * other permission bits, or another owner than this process's user.
 */
function checkPrivate(file: string, stat: fs.Stats): void {
  if ((stat.mode & 0o077) !== 0) {
    throw new AdminTokenError(
      file,
      `${file} is accessible by group or others (mode ${(stat.mode & 0o777).toString(8)}); run chmod 600 ${file}`,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new AdminTokenError(
      file,
      `${file} is owned by uid ${stat.uid}, not by this user (uid ${uid}); chown it or delete it to generate a new one`,
    );
  }
}

/** Reads a token file after checking its owner and mode. */
export function readTokenFile(file: string): string {
  checkPrivate(file, fs.statSync(file));
  const token = fs.readFileSync(file, 'utf8').trim();
  if (token.length < 16) {
    throw new AdminTokenError(
      file,
      `${file} holds no usable token (delete it to generate a new one)`,
    );
  }
  return token;
}

/**
 * Resolves the admin token: the given one if set; else the `admin.token` file; else a new one
 * written there with mode 0600 (exclusive create, so two daemons starting at once agree on one
 * token). Without a file (in-memory database) a generated token is kept in memory.
 */
export function ensureAdminToken(settings: AdminTokenSettings): AdminToken {
  if (settings.token) {
    return { token: settings.token, source: 'env' };
  }
  const file = settings.file;
  if (!file) {
    return { token: generateToken(), source: 'memory' };
  }
  if (fs.existsSync(file)) {
    return { token: readTokenFile(file), source: 'file', file };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const token = generateToken();
  try {
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return { token: readTokenFile(file), source: 'file', file };
    }
    throw error;
  }
  return { token, source: 'generated', file };
}
