import { type Application } from '@tickler/core';
import { sql } from 'kysely';

/**
 * Work due by `now`: a delivery still to fire, a send in flight or due (a send deferred past
 * `now` by throttling is the next restart's; its delivery stays `sending` meanwhile).
 */
export async function liveWork(app: Application, now: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select
      (select count(*) from notification_deliveries where status = 'scheduled') +
      (select count(*) from notification_channel_sends where status = 'sending'
        or (status = 'pending' and due_at <= ${now})) as n`.execute(app.database.kysely);
  return Number(rows[0]?.n ?? 0);
}
