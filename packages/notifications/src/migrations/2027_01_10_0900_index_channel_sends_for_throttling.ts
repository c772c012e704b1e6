import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/**
 * Throttling (issue 33) counts a person's recent sends per channel at every claim of the send
 * loop: `(recipient_id, channel, sent_at)` answers it from the index on both back ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index notification_channel_sends_recipient_sent on notification_channel_sends (recipient_id, channel, sent_at)`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notification_channel_sends_recipient_sent`.execute(db);
}
