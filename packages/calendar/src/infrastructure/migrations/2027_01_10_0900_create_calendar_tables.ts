import { type Kysely, type Migration, sql } from 'kysely';

// Frozen in time: never import app code here.
/** Creates the calendar context's tables. */
export const createCalendarTables: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('calendar_sources')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['file', 'url'])))
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('leads', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('time_zone', 'text')
      .addColumn('all_day_at', 'text', (c) => c.notNull())
      .addColumn('all_day_days_before', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('synced_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('event_count', 'integer', (c) => c.notNull())
      .addColumn('reminder_count', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('calendar_sources_user')
      .on('calendar_sources')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('calendar_reminders')
      .addColumn('calendar_id', 'text', (c) => c.notNull())
      .addColumn('source_key', 'text', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('instance_key', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('scheduled_at', 'text')
      .addColumn('event_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('send_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('calendar_reminders_pk', ['calendar_id', 'source_key', 'rule'])
      .execute();
    await db.schema
      .createIndex('calendar_reminders_user_send')
      .on('calendar_reminders')
      .columns(['user_id', 'send_at'])
      .execute();
    await db.schema
      .createTable('calendar_reminded')
      .addColumn('calendar_id', 'text', (c) => c.notNull())
      .addColumn('instance_key', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('last_reminded_at', 'text', (c) => c.notNull())
      .addColumn('last_delivery_id', 'text', (c) => c.notNull())
      .addColumn('reminded_count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('calendar_reminded_pk', ['calendar_id', 'instance_key'])
      .execute();
    await db.schema
      .createTable('calendar_sent')
      .addColumn('delivery_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('calendar_feeds')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      'calendar_feeds',
      'calendar_reminded',
      'calendar_reminders',
      'calendar_sources',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

function sqlIn(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
