import { type Kysely, sql } from 'kysely';
import { tablesOf } from '../database/database';
import { ReusableQuery } from '../database/reusable-query';
import { type KeyConflictPolicy } from './enqueue-options';
import { type CoreTables, type ScheduledCommandRow } from './queue.tables';

const TABLE = 'shared_scheduled_commands';

// The queue's INSERTs, compiled once: every durable event hand-off and every deliver-due
// wake-up runs one of these.

/**
 * Every column of a queue row (the compiled-once INSERT binds them all). A record, not a list,
 * so a column added to the table but not here fails to compile.
 */
const ALL_COLUMNS: Record<keyof ScheduledCommandRow, true> = {
  id: true,
  command_type: true,
  payload: true,
  key: true,
  status: true,
  run_at: true,
  scheduled_for: true,
  attempts: true,
  max_attempts: true,
  backoff_base_ms: true,
  backoff_max_ms: true,
  lease_token: true,
  claimed_by: true,
  last_error: true,
  repeat_every_ms: true,
  repeat_cron: true,
  repeat_tz: true,
  repeat_on_missed: true,
  repeat_grace_ms: true,
  runs: true,
  skipped_runs: true,
  failed_runs: true,
  last_run_at: true,
  created_at: true,
  updated_at: true,
};
const COLUMNS = Object.keys(ALL_COLUMNS) as (keyof ScheduledCommandRow)[];

/** Columns a new row may leave out: they are stored as null. */
export const NULLABLE_DEFAULTS = {
  key: null,
  lease_token: null,
  claimed_by: null,
  last_error: null,
  repeat_every_ms: null,
  repeat_cron: null,
  repeat_tz: null,
  repeat_on_missed: null,
  repeat_grace_ms: null,
  last_run_at: null,
} satisfies Partial<ScheduledCommandRow>;

function insertRow(db: Kysely<unknown>, row: ScheduledCommandRow) {
  return tablesOf<CoreTables>(db).insertInto(TABLE).values(row);
}

/** Plain insert (no key): compiled once, it is the hot path of every durable event hand-off. */
export const INSERT = new ReusableQuery<ScheduledCommandRow>(COLUMNS, insertRow);

/**
 * Keyed insert resolving a pending duplicate per policy, compiled once per policy (the
 * deliver-due wake-up runs one of these on every scheduled send that moves it).
 */
export const UPSERT: Record<
  KeyConflictPolicy,
  ReusableQuery<ScheduledCommandRow, { run_at: string }>
> = {
  replace: upsert('replace'),
  'keep-earlier': upsert('keep-earlier'),
  'keep-existing': upsert('keep-existing'),
};

function upsert(policy: KeyConflictPolicy): ReusableQuery<ScheduledCommandRow, { run_at: string }> {
  const existing = sql.ref(`${TABLE}.run_at`);
  return new ReusableQuery<ScheduledCommandRow, { run_at: string }>(COLUMNS, (db, row) =>
    insertRow(db, row)
      .onConflict((oc) =>
        oc
          .column('key')
          // Literal predicate: SQLite matches a partial index only against the same literal text.
          .where(sql<boolean>`status = 'pending' and key is not null`)
          .doUpdateSet((eb) => {
            if (policy === 'keep-earlier') {
              return {
                run_at: sql<string>`case when ${eb.ref('excluded.run_at')} < ${existing} then ${eb.ref('excluded.run_at')} else ${existing} end`,
                scheduled_for: sql<string>`case when ${eb.ref('excluded.run_at')} < ${existing} then ${eb.ref('excluded.scheduled_for')} else ${sql.ref(`${TABLE}.scheduled_for`)} end`,
                updated_at: eb.ref('excluded.updated_at'),
              };
            }
            if (policy === 'keep-existing') {
              return { updated_at: sql.ref(`${TABLE}.updated_at`) };
            }
            return {
              command_type: eb.ref('excluded.command_type'),
              payload: eb.ref('excluded.payload'),
              run_at: eb.ref('excluded.run_at'),
              scheduled_for: eb.ref('excluded.scheduled_for'),
              max_attempts: eb.ref('excluded.max_attempts'),
              backoff_base_ms: eb.ref('excluded.backoff_base_ms'),
              backoff_max_ms: eb.ref('excluded.backoff_max_ms'),
              repeat_every_ms: eb.ref('excluded.repeat_every_ms'),
              repeat_cron: eb.ref('excluded.repeat_cron'),
              repeat_tz: eb.ref('excluded.repeat_tz'),
              repeat_on_missed: eb.ref('excluded.repeat_on_missed'),
              repeat_grace_ms: eb.ref('excluded.repeat_grace_ms'),
              attempts: 0,
              updated_at: eb.ref('excluded.updated_at'),
            };
          }),
      )
      .returning('run_at'),
  );
}
