import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Creates the durable queue table and its due-row and pending-key indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_scheduled_commands')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('command_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('scheduled_for', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('backoff_base_ms', 'integer', (c) => c.notNull())
    .addColumn('backoff_max_ms', 'integer', (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('repeat_every_ms', 'bigint')
    .addColumn('repeat_cron', 'text')
    .addColumn('repeat_tz', 'text')
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_runs', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_run_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'shared_scheduled_commands_status',
      sql`status in ('pending', 'running', 'failed')`,
    )
    .execute();
  // Partial index over live rows only: due check and lease recovery in one ordered range scan;
  // failed rows never slow it down.
  await db.schema
    .createIndex('shared_scheduled_commands_live_run_at')
    .on('shared_scheduled_commands')
    .column('run_at')
    .where(sql.ref('status'), 'in', ['pending', 'running'])
    .execute();
  await db.schema
    .createIndex('shared_scheduled_commands_pending_key')
    .on('shared_scheduled_commands')
    .column('key')
    .unique()
    .where(sql<boolean>`status = 'pending' and key is not null`)
    .execute();
  await db.schema
    .createTable('shared_processed_events')
    .addColumn('subscriber', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shared_processed_events_pk', ['subscriber', 'event_id'])
    .execute();
}

/** Drops the queue table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_processed_events').execute();
  await db.schema.dropTable('shared_scheduled_commands').execute();
}
