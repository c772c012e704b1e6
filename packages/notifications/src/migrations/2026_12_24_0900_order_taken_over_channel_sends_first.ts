import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/**
 * The live sends' index gains `status desc` after `due_at`, so the send loop's "earliest first,
 * taken-over claims first among equals" is read straight from the index on both back ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A dead holder's claim goes back to the instant it was meant for: the instant of every send
  // created by the same firing. Without a tie-breaker it waited behind any number of them.
  await sql`drop index notification_channel_sends_live_due_at`.execute(db);
  await sql`create index notification_channel_sends_live_due_at on notification_channel_sends (due_at, status desc) where status in ('pending', 'sending')`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notification_channel_sends_live_due_at`.execute(db);
  await sql`create index notification_channel_sends_live_due_at on notification_channel_sends (due_at) where status in ('pending', 'sending')`.execute(
    db,
  );
}
