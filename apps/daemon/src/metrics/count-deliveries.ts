import { sql } from 'kysely';
import { type Database } from '@tickler/core';

/**
 * Deliveries per status, counted in the database at scrape time (so the gauge is right after a
 * restart). A read-only aggregate over the notifications context's table: the one place the
 * daemon reads another context's table directly, because no command fits a metrics scrape.
 */
export async function countDeliveriesByStatus(database: Database): Promise<Record<string, number>> {
  const { rows } = await sql<{
    status: string;
    n: number;
  }>`select status, count(*) as n from notification_deliveries group by status`.execute(
    database.kysely,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
