import { type Kysely } from 'kysely';
import { type Clock } from '../clock/clock';
import { msOf } from '../domain';
import { type QueueStats } from './queue-options';
import { type QueueStore } from './queue-store';

/** Counts rows per state and how late the most overdue pending row is (health, metrics). */
export async function readQueueStats(
  store: QueueStore,
  db: Kysely<unknown>,
  clock: Clock,
): Promise<QueueStats> {
  const counts = await store.counts(db);
  const earliest = await store.earliestPending(db);
  const lateness = earliest ? Math.max(0, clock.now().getTime() - msOf(earliest)) : 0;
  return {
    pending: counts.pending ?? 0,
    running: counts.running ?? 0,
    failed: counts.failed ?? 0,
    ...(earliest ? { earliestDue: earliest } : {}),
    oldestLatenessMs: lateness,
  };
}
