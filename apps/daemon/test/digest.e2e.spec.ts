import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { Api, changeDaemonDatabase, DaemonProcess, eventually } from '@tickler/testing';
import { wakeDeliverDueAt } from './support/deliver-due-wake-up';

// Issue 13 item 7: a digest on the real daemon — what falls due in one tick is one message.
// The three fall due together by a write to the stopped daemon's database (issue 30), not by
// racing the wall clock: creating them a second ahead left no room on a loaded machine.

const HOUR = 3_600_000;

describe('digests over HTTP', () => {
  it('delivers reminders due in the same tick as one inbox row listing each', async () => {
    const dir = DaemonProcess.tempDir();
    const first = await new DaemonProcess(dir).start();
    const api1 = new Api(first.url, first.adminToken);
    await api1.put('/v1/users/dana/profile', { digest: { mode: 'tick' } });
    const scheduledAt = new Date(Date.now() + HOUR).toISOString();
    const made: NotificationJson[] = [];
    for (const [title, message] of [
      ['Bins', 'out tonight'],
      ['Plants', 'water the fern'],
      ['Call mum', ''],
    ]) {
      made.push(
        (
          await api1.post<NotificationJson>('/v1/users/dana/notifications', {
            title,
            message,
            scheduledAt,
          })
        ).body,
      );
    }
    expect(await first.terminate()).toEqual({ code: 0, signal: null });
    // Due a second ago (well inside the grace window): the restart fires them in one tick.
    const due = new Date(Date.now() - 1_000).toISOString();
    expect(
      await changeDaemonDatabase(
        first.dbFile,
        'update notification_deliveries set scheduled_at = ?, due_at = ?, sort_at = ? where recipient_id = ?',
        due,
        due,
        due,
        'dana',
      ),
    ).toBe(3);
    await wakeDeliverDueAt(first.dbFile, due);
    const second = await new DaemonProcess(dir).start();
    const api = new Api(second.url, second.adminToken);
    try {
      const inbox = await eventually(async () => {
        const page = await api.get<Page<InboxItemJson>>('/v1/users/dana/inbox');
        return page.body.items.length > 0 ? page.body.items : undefined;
      });
      expect(inbox).toHaveLength(1);
      expect(inbox[0]).toMatchObject({
        title: '3 reminders',
        message: '• Bins — out tonight\n• Plants — water the fern\n• Call mum',
      });
      for (const item of made) {
        const now = await api.get<NotificationJson>(`/v1/users/dana/notifications/${item.id}`);
        expect(now.body).toMatchObject({
          status: 'sent',
          digestId: inbox[0]!.notificationId,
          inboxId: inbox[0]!.id,
        });
      }
    } finally {
      await second.terminate();
    }
  });
});
