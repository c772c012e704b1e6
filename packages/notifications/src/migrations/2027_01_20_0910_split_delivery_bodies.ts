import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/** The columns written once and read only when a delivery is materialised (issue 28). */
const BODY_COLUMNS = `id, channels, title, message, url, source_collection, source_id, event_at,
  expires_at, snoozed_from, priority`;

/** The columns the due read, claim, settle, list and retention filter on or write. */
const STATE_COLUMNS = `id, recipient_id, status, attempts, due_at, scheduled_at, sort_at,
  last_error, sent_at, inbox_id, missed_reason, deferred_from, digest_id, source_app, source_key,
  source_rule, idempotency_key, created_at, updated_at`;

/**
 * State apart from body (seed 003, issue 28): `notification_bodies` takes the columns a delivery
 * is written with and never filtered on (content, channels, provenance details, send-time
 * window, snooze origin, priority), keyed by the delivery id; `notification_deliveries` keeps the
 * narrow state row the dispatcher reads and settles. SQLite cannot drop columns that a CHECK or
 * an index names, so the state table is rebuilt (the same statements on PostgreSQL), and its
 * indexes with it:
 *
 * - `scheduled_due_at` (due_at, scheduled only): the due read, its next instant, the wake-ups.
 * - `idempotency` (unique recipient_id, idempotency_key): the caller's key is unique; its lookup.
 * - `source` (unique source_app, recipient_id, source_key, rule): reconcile's key is unique;
 *   leading with `source_app` it also serves "every row of one producer app", so the separate
 *   `source_app` index (kept only for that read) is gone.
 * - `recipient_sort` (recipient_id, sort_at, id): a person's list in its order.
 * - `finished_updated_at` (updated_at, finished only): retention's oldest-first batches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notification_bodies (
      id text primary key,
      channels text,
      title text not null,
      message text not null,
      url text,
      source_collection text,
      source_id text,
      event_at text,
      expires_at text,
      snoozed_from text,
      priority text not null default 'normal' check (priority in ('normal', 'high')))`.execute(db);
  await sql`insert into notification_bodies (${sql.raw(BODY_COLUMNS)})
    select ${sql.raw(BODY_COLUMNS)} from notification_deliveries`.execute(db);

  await sql`create table notification_deliveries_v3 (
      id text primary key,
      recipient_id text not null,
      status text not null,
      attempts integer not null default 0,
      due_at text,
      scheduled_at text,
      sort_at text not null,
      last_error text,
      sent_at text,
      inbox_id text,
      missed_reason text,
      deferred_from text,
      digest_id text,
      source_app text,
      source_key text,
      source_rule text,
      idempotency_key text,
      created_at text not null,
      updated_at text not null,
      constraint notification_deliveries_status
        check (status in ('scheduled', 'sending', 'sent', 'canceled', 'missed', 'failed')),
      constraint notification_deliveries_scheduled_due
        check ((status = 'scheduled') = (due_at is not null)))`.execute(db);
  await sql`insert into notification_deliveries_v3 (${sql.raw(STATE_COLUMNS)})
    select ${sql.raw(STATE_COLUMNS)} from notification_deliveries`.execute(db);
  await sql`drop table notification_deliveries`.execute(db);
  await sql`alter table notification_deliveries_v3 rename to notification_deliveries`.execute(db);

  await sql`create index notification_deliveries_scheduled_due_at on notification_deliveries (due_at) where status = 'scheduled'`.execute(
    db,
  );
  await sql`create unique index notification_deliveries_idempotency on notification_deliveries (recipient_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await sql`create unique index notification_deliveries_source on notification_deliveries (source_app, recipient_id, source_key, coalesce(source_rule, '')) where source_app is not null`.execute(
    db,
  );
  await sql`create index notification_deliveries_recipient_sort on notification_deliveries (recipient_id, sort_at, id)`.execute(
    db,
  );
  await sql`create index notification_deliveries_finished_updated_at on notification_deliveries (updated_at) where status in ('sent', 'canceled', 'missed', 'failed')`.execute(
    db,
  );
}

/** Not reversed: a release before the split would find the state table without its bodies. */
export function down(): Promise<void> {
  return Promise.reject(new Error('2027_01_20_0910_split_delivery_bodies cannot be reverted'));
}
