import { type Application, dialectOf } from '@tickler/core';
import { sql } from 'kysely';

/** Every table a calendar sync may write (its own, the deliveries it reconciles, the queue). */
const TABLES = [
  'calendar_sources',
  'calendar_reminders',
  'calendar_reminded',
  'calendar_feeds',
  'notification_deliveries',
  'notification_bodies',
  'notification_withdrawals',
  'shared_scheduled_commands',
] as const;

/**
 * A fingerprint of every write: on SQLite `total_changes()` (rows inserted, updated or deleted
 * by the connection, identical values included); on PostgreSQL each table's row count and
 * largest `xmin` (every new row version gets a newer transaction id). Equal fingerprints before
 * and after = nothing was written.
 */
export async function writeFingerprint(app: Application): Promise<string> {
  const db = app.database.kysely;
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
    return String(rows[0]?.n);
  }
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await sql<{ n: string; x: string }>`
      select count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x
      from ${sql.table(table)}`.execute(db);
    parts.push(`${table}:${rows[0]?.n}:${rows[0]?.x}`);
  }
  return parts.join(' ');
}
