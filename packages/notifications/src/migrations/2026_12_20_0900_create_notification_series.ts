import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A recurring series: its rule, zone and template. ONE delivery row of it is scheduled at a
  // time (current_delivery_id); settling it schedules the next in the same transaction.
  await sql`create table notification_series (
    id text primary key,
    recipient_id text not null,
    rule text not null,
    time_zone text not null,
    start_at text not null,
    status text not null check (status in ('active', 'ended', 'canceled')),
    title text not null,
    message text not null,
    url text,
    channels text,
    current_number integer not null,
    current_instant text not null,
    current_delivery_id text,
    created_at text not null,
    updated_at text not null
  )`.execute(db);
  await sql`create index notification_series_recipient on notification_series (recipient_id)`.execute(
    db,
  );
  // Each occurrence: when, what became of it, why; its delivery row when it had one.
  await sql`create table notification_series_occurrences (
    id text primary key,
    series_id text not null references notification_series (id),
    number integer not null,
    instant text not null,
    delivery_id text,
    outcome text not null check (outcome in ('scheduled', 'sent', 'missed', 'failed', 'canceled')),
    reason text,
    recorded_at text not null
  )`.execute(db);
  await sql`create index notification_series_occurrences_series on notification_series_occurrences (series_id, instant, id)`.execute(
    db,
  );
  // The settle policy looks occurrences up by the delivery that settled.
  await sql`create index notification_series_occurrences_delivery on notification_series_occurrences (delivery_id) where delivery_id is not null`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_series_occurrences`.execute(db);
  await sql`drop table notification_series`.execute(db);
}
