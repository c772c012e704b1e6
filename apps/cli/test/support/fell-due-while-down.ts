import { changeDaemonDatabase } from '@tickler/testing';

/**
 * The key of the daemon's one deliver-due wake-up row (`DELIVER_DUE_WAKE_UP_KEY` of
 * `@tickler/notifications/context`), written out: importing the context costs this jest worker
 * about 4 s of CPU for one string. {@link fellDueWhileDown} fails when no row has it.
 */
const DELIVER_DUE_WAKE_UP_KEY = 'notifications.deliver-due:wake';

/**
 * Downtime a test cannot wait for, written into a STOPPED daemon's database (`dbFile`, or its
 * schema on PostgreSQL runs): the deliveries `ids` fell due at `at` (an instant in the past) and
 * the deliver-due wake-up is armed for it, as real downtime past their due instant would leave
 * them. Returns how many deliveries it moved, for the test to check.
 */
export async function fellDueWhileDown(
  dbFile: string,
  ids: readonly string[],
  at: string,
): Promise<number> {
  let moved = 0;
  for (const id of ids) {
    moved += await changeDaemonDatabase(
      dbFile,
      'update notification_deliveries set scheduled_at = ?, due_at = ?, sort_at = ? where id = ?',
      at,
      at,
      at,
      id,
    );
  }
  const woken = await changeDaemonDatabase(
    dbFile,
    'update shared_scheduled_commands set run_at = ?, scheduled_for = ? where key = ?',
    at,
    at,
    DELIVER_DUE_WAKE_UP_KEY,
  );
  if (woken !== 1) {
    throw new Error(`no deliver-due wake-up row ${DELIVER_DUE_WAKE_UP_KEY} (${woken} changed)`);
  }
  return moved;
}
