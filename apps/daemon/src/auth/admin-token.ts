import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type DaemonConfig } from '@tickler/config';
import { generateToken } from './token-secret';

/** The admin token in force and where it came from (the token itself is never logged). */
export interface AdminToken {
  readonly token: string;
  readonly source: 'env' | 'file' | 'generated' | 'memory';
  /** File holding it, for `file` and `generated`. */
  readonly file?: string;
}

function readTokenFile(file: string): string {
  const token = fs.readFileSync(file, 'utf8').trim();
  if (token.length < 16) {
    throw new ConfigError(
      'admin.token',
      `${file} holds no usable token (delete it to generate a new one)`,
    );
  }
  return token;
}

/**
 * Resolves the admin token: `TICKLER_ADMIN_TOKEN` if set; else the `admin.token` file beside
 * the database; else a new one written there with mode 0600 (exclusive create, so two daemons
 * starting at once agree on one token). An in-memory database keeps a generated token in memory.
 */
export function ensureAdminToken(config: DaemonConfig): AdminToken {
  if (config.adminToken) {
    return { token: config.adminToken, source: 'env' };
  }
  const file = config.adminTokenFile;
  if (!file) {
    return { token: generateToken(), source: 'memory' };
  }
  if (fs.existsSync(file)) {
    return { token: readTokenFile(file), source: 'file', file };
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
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
