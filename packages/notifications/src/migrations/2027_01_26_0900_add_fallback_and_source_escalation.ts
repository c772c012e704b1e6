import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Fallback (issue 33 item 2): a reminder's "when a send of mine fails for good, send me once by
 * `fallback_channel`" lives on its body (null: none); the fallback send is an ordinary channel
 * send marked `fallback = 1`. The partial unique index makes "once" a constraint: at most one
 * fallback send per reminder and subscription, whatever a crash or a second daemon does. A
 * person's escalation per source sits on their inbox switch of that source
 * (`notification_preferences`, both null: none); an escalation send keeps the wait it was made
 * with (`escalate_after_ms`), so the reminder's view can say it whichever rule it came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_bodies add column fallback_channel text`.execute(db);
  await sql`alter table notification_channel_sends add column fallback integer not null default 0`.execute(
    db,
  );
  await sql`create unique index notification_channel_sends_fallback_once
    on notification_channel_sends (delivery_id, subscription_id) where fallback = 1`.execute(db);
  await sql`alter table notification_preferences add column escalate_after_ms integer`.execute(db);
  await sql`alter table notification_channel_sends add column escalate_after_ms integer`.execute(
    db,
  );
  await sql`alter table notification_preferences add column escalate_channel text`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_preferences drop column escalate_channel`.execute(db);
  await sql`alter table notification_preferences drop column escalate_after_ms`.execute(db);
  await sql`alter table notification_channel_sends drop column escalate_after_ms`.execute(db);
  await sql`drop index notification_channel_sends_fallback_once`.execute(db);
  await sql`alter table notification_channel_sends drop column fallback`.execute(db);
  await sql`alter table notification_bodies drop column fallback_channel`.execute(db);
}
