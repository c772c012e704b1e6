import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Adds `claimed_by` (the instance holding a `sending` claim) and its partial index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The instance holding a webhook claim while `sending` (ADR 0004): a claim whose instance
  // lost its lock is recoverable at once. Null for claims made before this column existed.
  await sql`alter table notification_deliveries add column claimed_by text`.execute(db);
  // "Which instances hold claims" reads only the few `sending` rows, never the scheduled backlog.
  await sql`create index notification_deliveries_sending_claimed_by on notification_deliveries (claimed_by) where status = 'sending'`.execute(
    db,
  );
}

/** Drops `claimed_by` and its index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notification_deliveries_sending_claimed_by`.execute(db);
  await sql`alter table notification_deliveries drop column claimed_by`.execute(db);
}
