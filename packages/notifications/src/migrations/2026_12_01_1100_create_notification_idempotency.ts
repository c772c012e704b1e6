import { type Kysely } from 'kysely';

// Frozen in time: never import application code here.
/** Applies this migration. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The request an idempotency key was first used with, so a reuse with another request is
  // refused instead of answered with the first result.
  await db.schema
    .createTable('notification_idempotency')
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_idempotency_pk', ['recipient_id', 'idempotency_key'])
    .execute();
}

/** Reverts this migration. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_idempotency').execute();
}
