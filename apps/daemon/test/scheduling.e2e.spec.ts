import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { Api, DaemonProcess, eventually } from '@tickler/testing';
import { inMs } from './support/fixtures';

let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  await daemon.terminate();
});

describe('scheduled notifications (real daemon, real time)', () => {
  it('appear in the inbox at their instant, each once, not before', async () => {
    const plan = [
      { title: 'first', scheduledAt: inMs(1_000) },
      { title: 'second', scheduledAt: inMs(1_500) },
      { title: 'third', scheduledAt: inMs(2_000) },
    ];
    const created: NotificationJson[] = [];
    for (const p of plan) {
      const res = await api.post<NotificationJson>('/v1/users/sched/notifications', {
        ...p,
        message: `msg ${p.title}`,
      });
      expect(res.body.status).toBe('scheduled');
      created.push(res.body);
    }
    const inbox = await eventually(async () => {
      const page = await api.get<Page<InboxItemJson>>('/v1/users/sched/inbox');
      return page.body.items.length === 3 ? page.body.items : undefined;
    });
    expect(inbox.map((i) => i.title).sort()).toEqual(['first', 'second', 'third']);
    expect(inbox.map((i) => i.message).sort()).toEqual(['msg first', 'msg second', 'msg third']);
    expect(new Set(inbox.map((i) => i.notificationId))).toEqual(new Set(created.map((c) => c.id)));
    for (const c of created) {
      const now = await api.get<NotificationJson>(`/v1/users/sched/notifications/${c.id}`);
      expect(now.body.status).toBe('sent');
      // Content, not timing: it never goes out before the instant it was scheduled for.
      expect(Date.parse(now.body.sentAt!)).toBeGreaterThanOrEqual(Date.parse(c.scheduledAt!));
    }
  });

  it('does not deliver a notification that was canceled or moved later before its instant', async () => {
    const canceled = await api.post<NotificationJson>('/v1/users/sched2/notifications', {
      title: 'canceled',
      message: '',
      scheduledAt: inMs(2_000),
    });
    const moved = await api.post<NotificationJson>('/v1/users/sched2/notifications', {
      title: 'moved',
      message: '',
      scheduledAt: inMs(2_000),
    });
    const marker = await api.post<NotificationJson>('/v1/users/sched2/notifications', {
      title: 'marker',
      message: '',
      scheduledAt: inMs(2_500),
    });
    await api.post(`/v1/users/sched2/notifications/${canceled.body.id}/cancel`);
    await api.patch(`/v1/users/sched2/notifications/${moved.body.id}`, {
      scheduledAt: inMs(3_600_000),
    });
    const inbox = await eventually(async () => {
      const page = await api.get<Page<InboxItemJson>>('/v1/users/sched2/inbox');
      return page.body.items.some((i) => i.notificationId === marker.body.id)
        ? page.body.items
        : undefined;
    });
    expect(inbox.map((i) => i.title)).toEqual(['marker']);
    expect(
      (await api.get<NotificationJson>(`/v1/users/sched2/notifications/${canceled.body.id}`)).body
        .status,
    ).toBe('canceled');
    expect(
      (await api.get<NotificationJson>(`/v1/users/sched2/notifications/${moved.body.id}`)).body
        .status,
    ).toBe('scheduled');
  });
});
