import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per switch a person set (source × channel); no row = on. The primary key serves the
  // person's list and firing's `recipient_id in (…)` read. Plain SQL both SQLite and PostgreSQL run.
  await sql`create table notification_preferences (
    recipient_id text not null,
    source text not null,
    channel text not null,
    enabled integer not null check (enabled in (0, 1)),
    updated_at text not null,
    primary key (recipient_id, source, channel)
  )`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_preferences`.execute(db);
}
