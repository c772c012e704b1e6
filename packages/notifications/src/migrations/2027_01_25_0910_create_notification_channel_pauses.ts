import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per channel kind the operator paused; no row = running. The send loop's claim reads
  // it in a subquery, so it stays a handful of rows. Plain SQL both SQLite and PostgreSQL run.
  await sql`create table notification_channel_pauses (
    channel text not null primary key,
    paused_at text not null
  )`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_channel_pauses`.execute(db);
}
