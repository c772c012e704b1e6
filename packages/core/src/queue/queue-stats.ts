import { type Kysely } from 'kysely';
import { tablesOf } from '../database/database';
import { type Clock } from '../clock/clock';
import { msOf } from '../domain';
import { type QueueStats } from './queue-options';
import { type CoreTables } from './queue.tables';

/** Counts rows per state and how late the most overdue pending row is (health, metrics). */
export async function readQueueStats(db: Kysely<unknown>, clock: Clock): Promise<QueueStats> {
  const counts = await countsByStatus(db);
  const earliest = await earliestPending(db);
  const lateness = earliest ? Math.max(0, clock.now().getTime() - msOf(earliest)) : 0;
  return {
    pending: counts.pending ?? 0,
    running: counts.running ?? 0,
    failed: counts.failed ?? 0,
    ...(earliest ? { earliestDue: earliest } : {}),
    oldestLatenessMs: lateness,
  };
}

async function countsByStatus(db: Kysely<unknown>): Promise<Record<string, number>> {
  const rows = await tablesOf<CoreTables>(db)
    .selectFrom('shared_scheduled_commands')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The instant the earliest pending row was meant for (`scheduled_for`, ordered by `run_at`). */
async function earliestPending(db: Kysely<unknown>): Promise<string | undefined> {
  const row = await tablesOf<CoreTables>(db)
    .selectFrom('shared_scheduled_commands')
    .select('scheduled_for')
    .where('status', '=', 'pending')
    .orderBy('run_at')
    .limit(1)
    .executeTakeFirst();
  return row?.scheduled_for;
}
