import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per person who set something about their time; a person without one has the
  // defaults. Plain SQL both SQLite and PostgreSQL run.
  await sql`create table notification_recipient_profiles (
    recipient_id text primary key,
    time_zone text,
    quiet_start text,
    quiet_end text,
    quiet_days text,
    inbox_on_time integer not null default 0 check (inbox_on_time in (0, 1)),
    default_lead text,
    digest_mode text check (digest_mode in ('tick', 'daily')),
    digest_at text,
    created_at text not null,
    updated_at text not null,
    check ((quiet_start is null) = (quiet_end is null)),
    check ((digest_mode = 'daily') = (digest_at is not null))
  )`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_recipient_profiles`.execute(db);
}
