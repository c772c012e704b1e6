import fs from 'node:fs';
import path from 'node:path';
import { MigrateError } from './migrate.error';
import { type Row } from './source-tables';

/** The table a PostgreSQL daemon keeps its web-push key pair in (one row, id `current`). */
export const VAPID_TABLE = 'notification_vapid_keys';

/** Longest `vapid.json` read (a key pair is well under 1 KB). */
const MAX_FILE_BYTES = 64 * 1024;

/**
 * The web-push key pair of a SQLite daemon, as the row a PostgreSQL daemon reads. On SQLite it
 * lives in `vapid.json` beside the database, not in the table; left behind, the server would
 * make a new pair and every push subscription would stop working (a rotation, see
 * docs/operations.md). Undefined when the daemon never made one.
 */
export function vapidRowBeside(databaseFile: string): Row | undefined {
  const file = path.join(path.dirname(databaseFile), 'vapid.json');
  if (!fs.existsSync(file)) {
    return undefined;
  }
  const problem = (what: string): MigrateError =>
    new MigrateError(`${file} ${what}; restore it, or move it aside to copy without push keys`);
  if (fs.statSync(file).size > MAX_FILE_BYTES) {
    throw problem('is too large to be a VAPID key pair');
  }
  let pair: { publicKey?: unknown; privateKey?: unknown; createdAt?: unknown };
  try {
    pair = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof pair;
  } catch {
    throw problem('is not JSON');
  }
  const { publicKey, privateKey, createdAt } = pair ?? {};
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') {
    throw problem('holds no publicKey and privateKey');
  }
  return {
    id: 'current',
    public_key: publicKey,
    private_key: privateKey,
    created_at: typeof createdAt === 'string' ? createdAt : new Date(0).toISOString(),
  };
}
