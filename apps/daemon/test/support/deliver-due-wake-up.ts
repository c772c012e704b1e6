import { DELIVER_DUE_WAKE_UP_KEY } from '@tickler/notifications/context';
import { changeDaemonDatabase } from '@tickler/testing';

/**
 * Moves the stopped daemon's deliver-due wake-up row to `at` (issue 30): a test that moved a
 * delivery's due instant into the past while the daemon was down makes its restart look for it
 * at once, as a wake-up armed during real downtime would.
 */
export async function wakeDeliverDueAt(dbFile: string, at: string): Promise<void> {
  await changeDaemonDatabase(
    dbFile,
    'update shared_scheduled_commands set run_at = ?, scheduled_for = ? where key = ?',
    at,
    at,
    DELIVER_DUE_WAKE_UP_KEY,
  );
}
