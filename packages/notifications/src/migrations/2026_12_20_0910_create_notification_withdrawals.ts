import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A canceled row that reconcile WITHDREW (its key left the producer's plan), as opposed to one
  // a person canceled: planned again, a withdrawn key is scheduled again; a person's cancel
  // stays a tombstone. One row per withdrawn delivery, gone when the key comes back or is pruned.
  await sql`create table notification_withdrawals (
    delivery_id text primary key,
    withdrawn_at text not null
  )`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_withdrawals`.execute(db);
}
