import { type InboxItemView, type NotificationView, type Page } from '@tickler/notifications';
import { DaemonProcess } from './support/daemon-process';
import { Api, eventually } from './support/http-client';

describe('downtime longer than the grace window (real process)', () => {
  it('settles a notification that fell due more than TICKLER_GRACE ago as missed, never sent; a fresher one still goes out', async () => {
    const dir = DaemonProcess.tempDir();
    const env = { TICKLER_GRACE: '2s' };
    const first = await new DaemonProcess(dir, env).start();
    const api1 = new Api(first.url, first.adminToken);
    const now = Date.now();
    const stale = await api1.post<NotificationView>('/v1/users/sleeper/notifications', {
      title: 'stale',
      message: '',
      scheduledAt: new Date(now + 1_000).toISOString(),
    });
    const fresh = await api1.post<NotificationView>('/v1/users/sleeper/notifications', {
      title: 'fresh',
      message: '',
      scheduledAt: new Date(now + 3_000).toISOString(),
    });
    expect(await first.terminate()).toEqual({ code: 0, signal: null });

    // Waiting for downtime, not for a schedule: the daemon must stay down past stale + grace.
    const downUntil = Date.parse(stale.body.scheduledAt!) + 2_000 + 300;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, downUntil - Date.now())));

    const second = await new DaemonProcess(dir, env).start();
    const api2 = new Api(second.url, second.adminToken);
    try {
      const settled = await eventually(async () => {
        const s = await api2.get<NotificationView>(
          `/v1/users/sleeper/notifications/${stale.body.id}`,
        );
        const f = await api2.get<NotificationView>(
          `/v1/users/sleeper/notifications/${fresh.body.id}`,
        );
        return s.body.status !== 'scheduled' && f.body.status !== 'scheduled'
          ? { s: s.body, f: f.body }
          : undefined;
      });
      expect(settled.s).toMatchObject({
        status: 'missed',
        missedReason: 'too-late',
        sentAt: null,
        inboxId: null,
      });
      expect(settled.f).toMatchObject({ status: 'sent' });
      const inbox = await api2.get<Page<InboxItemView>>('/v1/users/sleeper/inbox');
      expect(inbox.body.items.map((i) => i.title)).toEqual(['fresh']);
    } finally {
      await second.terminate();
    }
  });
});
