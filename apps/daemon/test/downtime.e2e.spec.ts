import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { Api, changeDaemonDatabase, DaemonProcess, eventually } from '@tickler/testing';
import { wakeDeliverDueAt } from './support/deliver-due-wake-up';

const HOUR = 3_600_000;

describe('downtime longer than the grace window (real process)', () => {
  it('settles a notification that fell due more than TICKLER_GRACE ago as missed, never sent, with one inbox notice, and leaves future ones scheduled', async () => {
    const dir = DaemonProcess.tempDir();
    const env = { TICKLER_GRACE: '2s' };
    const first = await new DaemonProcess(dir, env).start();
    const api1 = new Api(first.url, first.adminToken);
    const now = Date.now();
    const stale = await api1.post<NotificationJson>('/v1/users/sleeper/notifications', {
      title: 'stale',
      message: '',
      scheduledAt: new Date(now + HOUR).toISOString(),
    });
    // Within-grace catch-up is covered with a manual clock in the notifications context; here a
    // real-time "fresh" one would turn stale on a loaded machine, so the other one is future.
    const future = await api1.post<NotificationJson>('/v1/users/sleeper/notifications', {
      title: 'future',
      message: '',
      scheduledAt: new Date(now + 2 * HOUR).toISOString(),
    });
    expect(await first.terminate()).toEqual({ code: 0, signal: null });

    // Downtime the test cannot wait for, written while the daemon is down: the stale one fell
    // due ten minutes ago, far past the 2 s grace (no real-time margin to lose on a slow machine).
    const fellDue = new Date(Date.now() - 10 * 60_000).toISOString();
    expect(
      await changeDaemonDatabase(
        first.dbFile,
        'update notification_deliveries set scheduled_at = ?, due_at = ?, sort_at = ? where id = ?',
        fellDue,
        fellDue,
        fellDue,
        stale.body.id,
      ),
    ).toBe(1);
    await wakeDeliverDueAt(first.dbFile, fellDue);

    const second = await new DaemonProcess(dir, env).start();
    const api2 = new Api(second.url, second.adminToken);
    try {
      const settled = await eventually(async () => {
        const s = await api2.get<NotificationJson>(
          `/v1/users/sleeper/notifications/${stale.body.id}`,
        );
        return s.body.status !== 'scheduled' ? { s: s.body } : undefined;
      });
      expect(settled.s).toMatchObject({
        status: 'missed',
        missedReason: 'too-late',
        sentAt: null,
        inboxId: null,
      });
      const later = await api2.get<NotificationJson>(
        `/v1/users/sleeper/notifications/${future.body.id}`,
      );
      expect(later.body.status).toBe('scheduled');
      // Never sent, but not silent: one inbox notice tells the person what was missed.
      const inbox = await api2.get<Page<InboxItemJson>>('/v1/users/sleeper/inbox');
      expect(inbox.body.items).toEqual([
        expect.objectContaining({
          title: '1 reminder was missed while Tickler was off',
          message: '• stale',
          readAt: null,
        }),
      ]);
    } finally {
      await second.terminate();
    }
  });
});
