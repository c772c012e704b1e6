import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per subscription the operator paused; no row = running. Apart from the
  // subscription's own `paused_at` (set when its sends kept failing, which fails its other
  // sends): the operator's pause makes them wait instead. The send claim reads it in a subquery,
  // like notification_channel_pauses, so it stays a handful of rows.
  await sql`create table notification_subscription_pauses (
    subscription_id text not null primary key,
    paused_at text not null
  )`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_subscription_pauses`.execute(db);
}
