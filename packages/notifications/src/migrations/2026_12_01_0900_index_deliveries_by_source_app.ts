import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Reconcile loads every row of one producer app at once. The unique source index leads with
  // recipient_id, so it cannot serve `source_app = ?`; without this the read scans the table.
  // Partial: rows people made (no source_app) are the bulk of the table and never reconciled.
  await sql`create index notification_deliveries_source_app on notification_deliveries (source_app) where source_app is not null`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notification_deliveries_source_app`.execute(db);
}
