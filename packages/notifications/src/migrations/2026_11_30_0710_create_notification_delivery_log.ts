import { sqlDialectOf } from '@tickler/core';
import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No uniqueness on delivery_id on purpose: exactly-once comes from the subscriber ledger,
  // and a duplicate here must stay visible to the crash tests rather than fail an insert.
  // SQLite's `integer primary key autoincrement` has no spelling PostgreSQL accepts (kysely
  // writes `auto_increment` there): the dialect seam knows both. Same meaning on both: a key
  // assigned in insert order, never reused.
  const dialect = sqlDialectOf(db);
  await db.schema
    .createTable('notification_delivery_log')
    .addColumn('seq', dialect.serialKeyType, (c) =>
      dialect.serialKeyAutoIncrement ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text')
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('projected_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index notification_delivery_log_recipient on notification_delivery_log (recipient_id, seq)`.execute(
    db,
  );
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_delivery_log').execute();
}
