import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * What a repeating reminder's later occurrences inherit besides its text and channels: its
 * priority, its escalation and its fallback (issue 33 item 2). Before, occurrence 2 onwards came
 * out at `normal` priority with neither rule. Null: none (priority null reads as `normal`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_series add column priority text`.execute(db);
  await sql`alter table notification_series add column escalate_after_ms integer`.execute(db);
  await sql`alter table notification_series add column escalate_channel text`.execute(db);
  await sql`alter table notification_series add column fallback_channel text`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_series drop column fallback_channel`.execute(db);
  await sql`alter table notification_series drop column escalate_channel`.execute(db);
  await sql`alter table notification_series drop column escalate_after_ms`.execute(db);
  await sql`alter table notification_series drop column priority`.execute(db);
}
