import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row (id 'current'): the VAPID pair every daemon sharing this database signs with. A
  // daemon with a data folder (SQLite file) keeps its pair in vapid.json instead; this table is
  // for PostgreSQL, where several daemons must sign with one key, and for in-memory databases.
  await sql`create table notification_vapid_keys (
    id text primary key check (id = 'current'),
    public_key text not null,
    private_key text not null,
    created_at text not null
  )`.execute(db);
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_vapid_keys`.execute(db);
}
