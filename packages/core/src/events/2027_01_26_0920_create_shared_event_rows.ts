import { type Kysely } from 'kysely';

// Frozen in time: never import application code here.
/**
 * `shared_event_rows`: the events a durable subscriber has still to handle, one small row per
 * event (issue 28 item 3), instead of one batch-sized JSON string inside its queue row's payload.
 * A row lives from the commit that recorded its event until the commit that handled it; the
 * handling transaction deletes it, so the table holds only work in flight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_event_rows')
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    // The one read: every row of one batch (`delete … where batch_id = ? returning`).
    .addPrimaryKeyConstraint('shared_event_rows_pk', ['batch_id', 'seq'])
    .execute();
}

/** Drops the table (queue rows that point at it are then handled as empty). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_event_rows').execute();
}
