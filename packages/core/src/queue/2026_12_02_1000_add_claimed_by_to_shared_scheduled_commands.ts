import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
/** Adds `claimed_by` (the instance holding a running row) and its partial index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The instance holding a `running` row (ADR 0004): a claim whose instance lost its lock is
  // recoverable at once. Null for rows claimed before this column existed (lease only).
  await sql`alter table shared_scheduled_commands add column claimed_by text`.execute(db);
  // "Which instances hold claims" reads only running rows, never the pending backlog.
  await sql`create index shared_scheduled_commands_running_claimed_by on shared_scheduled_commands (claimed_by) where status = 'running'`.execute(
    db,
  );
}

/** Drops `claimed_by` and its index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index shared_scheduled_commands_running_claimed_by`.execute(db);
  await sql`alter table shared_scheduled_commands drop column claimed_by`.execute(db);
}
