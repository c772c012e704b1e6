import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Quiet hours: a high-priority delivery rings through them; a held one keeps the instant it
  // was first meant for.
  await sql`alter table notification_deliveries add column priority text not null default 'normal' check (priority in ('normal', 'high'))`.execute(
    db,
  );
  await sql`alter table notification_deliveries add column deferred_from text`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_deliveries drop column deferred_from`.execute(db);
  await sql`alter table notification_deliveries drop column priority`.execute(db);
}
