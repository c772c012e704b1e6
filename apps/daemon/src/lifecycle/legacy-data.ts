import fs from 'node:fs';
import path from 'node:path';
import { type DaemonConfig } from '@tickler/config';

/**
 * Before the per-user data folder, the default database was `./data/tickler.db` relative to
 * where the daemon started. When that file exists here and the daemon now uses another one
 * (the new default), say so once: the reminders in it are not lost, only not in use.
 */
export function legacyDataNote(
  config: DaemonConfig,
  cwd: string = process.cwd(),
): string | undefined {
  const legacy = path.join(cwd, 'data', 'tickler.db');
  if (config.databaseUrl !== undefined || path.resolve(config.db) === legacy) {
    return undefined;
  }
  if (!fs.existsSync(legacy)) {
    return undefined;
  }
  return `Note: ./data/tickler.db (an earlier default) is not in use; this daemon uses ${config.db}. To keep using the old one: TICKLER_DB=./data/tickler.db npm start`;
}
