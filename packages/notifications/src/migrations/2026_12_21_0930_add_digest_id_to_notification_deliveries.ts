import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A reminder that went out inside a digest names the digest delivery (whose inbox row it shares).
  await sql`alter table notification_deliveries add column digest_id text`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_deliveries drop column digest_id`.execute(db);
}
