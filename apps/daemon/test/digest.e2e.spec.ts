import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { daemonPerFile, eventually } from '@tickler/testing';

// Issue 13 item 7: a digest on the real daemon — what falls due in one tick is one message.

const shared = daemonPerFile();

describe('digests over HTTP', () => {
  it('delivers reminders due in the same tick as one inbox row listing each', async () => {
    await shared.api.put('/v1/users/dana/profile', { digest: { mode: 'tick' } });
    const scheduledAt = new Date(Date.now() + 1000).toISOString();
    const made: NotificationJson[] = [];
    for (const [title, message] of [
      ['Bins', 'out tonight'],
      ['Plants', 'water the fern'],
      ['Call mum', ''],
    ]) {
      made.push(
        (
          await shared.api.post<NotificationJson>('/v1/users/dana/notifications', {
            title,
            message,
            scheduledAt,
          })
        ).body,
      );
    }
    const inbox = await eventually(async () => {
      const page = await shared.api.get<Page<InboxItemJson>>('/v1/users/dana/inbox');
      return page.body.items.length > 0 ? page.body.items : undefined;
    });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      title: '3 reminders',
      message: '• Bins — out tonight\n• Plants — water the fern\n• Call mum',
    });
    for (const item of made) {
      const now = await shared.api.get<NotificationJson>(`/v1/users/dana/notifications/${item.id}`);
      expect(now.body).toMatchObject({
        status: 'sent',
        digestId: inbox[0]!.notificationId,
        inboxId: inbox[0]!.id,
      });
    }
  });
});
