import { type Database } from './database';
import { type PostgresOptions } from './postgres-database';

export type { PostgresOptions } from './postgres-database';

/**
 * Opens a PostgreSQL database (see `postgres-database.ts`). The driver and its adapters load
 * on the first call only: a daemon on SQLite — every desktop sidecar — never pays for `pg`
 * (measured: ~6 MB of resident memory and part of its start-up).
 */
export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const postgres = await import('./postgres-database.js');
  return postgres.openPostgresDatabase(options);
}
