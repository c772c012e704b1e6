import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A snooze is a new delivery with the same content; it names the inbox item it came from.
  await sql`alter table notification_deliveries add column snoozed_from text`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_deliveries drop column snoozed_from`.execute(db);
}
