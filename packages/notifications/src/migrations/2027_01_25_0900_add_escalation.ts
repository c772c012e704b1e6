import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Escalation (issue 33 item 2): a reminder's rule "still unread `after` ms after it fired: send
 * it again by `channel`" lives on its body (both null: none); the second send is an ordinary
 * channel send marked `escalation = 1`, so the send loop cancels it when the inbox item is read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_bodies add column escalate_after_ms integer`.execute(db);
  await sql`alter table notification_bodies add column escalate_channel text`.execute(db);
  await sql`alter table notification_channel_sends add column escalation integer not null default 0`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_channel_sends drop column escalation`.execute(db);
  await sql`alter table notification_bodies drop column escalate_channel`.execute(db);
  await sql`alter table notification_bodies drop column escalate_after_ms`.execute(db);
}
