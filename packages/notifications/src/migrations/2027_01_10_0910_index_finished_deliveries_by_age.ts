import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/**
 * Retention (issue 33) takes the oldest finished deliveries batch by batch: a partial index on
 * `updated_at` over the finished statuses reads them in order on both back ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index notification_deliveries_finished_updated_at on notification_deliveries (updated_at) where status in ('sent', 'canceled', 'missed', 'failed')`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notification_deliveries_finished_updated_at`.execute(db);
}
