import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('scheduled_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('inbox_id', 'text')
    .addColumn('source_app', 'text')
    .addColumn('source_key', 'text')
    .addColumn('source_collection', 'text')
    .addColumn('source_id', 'text')
    .addColumn('source_rule', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('event_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('missed_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('sort_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'notification_deliveries_status',
      sql`status in ('scheduled', 'sending', 'sent', 'canceled', 'missed', 'failed')`,
    )
    .addCheckConstraint('notification_deliveries_channel', sql`channel in ('inbox', 'webhook')`)
    .addCheckConstraint(
      'notification_deliveries_live_due',
      sql`(status in ('scheduled', 'sending')) = (due_at is not null)`,
    )
    .execute();
  // The dispatcher's only read path: live rows in due order. Settled rows (the vast majority
  // over time) are not in it, so "what is due" stays a short range scan.
  await sql`create index notification_deliveries_live_due_at on notification_deliveries (due_at) where status in ('scheduled', 'sending')`.execute(
    db,
  );
  await sql`create unique index notification_deliveries_idempotency on notification_deliveries (recipient_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  // Reconcile's key: one row per (recipient, producer app, producer key, lead rule).
  await sql`create unique index notification_deliveries_source on notification_deliveries (recipient_id, source_app, source_key, coalesce(source_rule, '')) where source_app is not null`.execute(
    db,
  );
  await sql`create index notification_deliveries_recipient_sort on notification_deliveries (recipient_id, sort_at, id)`.execute(
    db,
  );

  await db.schema
    .createTable('notification_inbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('notification_id', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await sql`create index notification_inbox_recipient_created on notification_inbox (recipient_id, created_at, id)`.execute(
    db,
  );

  await db.schema
    .createTable('notification_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('notification_subscriptions_kind', sql`kind in ('webhook')`)
    .execute();
  await sql`create unique index notification_subscriptions_recipient_kind on notification_subscriptions (recipient_id, kind)`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_subscriptions').execute();
  await db.schema.dropTable('notification_inbox').execute();
  await db.schema.dropTable('notification_deliveries').execute();
}
