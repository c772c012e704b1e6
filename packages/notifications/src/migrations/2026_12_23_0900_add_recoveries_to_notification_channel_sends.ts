import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Claims taken over after their holder died or hung: counted apart from the retry budget, so
  // a crash loop cannot spend a send's attempts before its request ever reaches the receiver.
  await sql`alter table notification_channel_sends add column recoveries integer not null default 0`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_channel_sends drop column recoveries`.execute(db);
}
