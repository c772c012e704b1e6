import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/**
 * Adds a repeatable job's missed-run decision (`repeat_on_missed`, `repeat_grace_ms`) and the
 * per-occurrence ledger `shared_job_occurrences` (issue 13 item 4, SCH-04).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table shared_scheduled_commands add column repeat_on_missed text`.execute(db);
  await sql`alter table shared_scheduled_commands add column repeat_grace_ms bigint`.execute(db);
  await db.schema
    .createTable('shared_job_occurrences')
    .addColumn('job_key', 'text', (c) => c.notNull())
    .addColumn('instant', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    // One entry per occurrence of a job; the key also serves "the latest N of a job".
    .addPrimaryKeyConstraint('shared_job_occurrences_pk', ['job_key', 'instant'])
    .addCheckConstraint(
      'shared_job_occurrences_outcome',
      sql`outcome in ('ran', 'failed', 'skipped')`,
    )
    .execute();
}

/** Drops the ledger and the two columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_job_occurrences').execute();
  await sql`alter table shared_scheduled_commands drop column repeat_grace_ms`.execute(db);
  await sql`alter table shared_scheduled_commands drop column repeat_on_missed`.execute(db);
}
