import { type InboxItemJson, type NotificationJson, type Page } from '@tickler/notifications';
import { Api, DaemonProcess, eventually } from '@tickler/testing';

// Issue 13 item 6: quiet hours on the real daemon (real time: the window is built around now).

let daemon: DaemonProcess;
let admin: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  admin = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  await daemon.terminate();
});

/** `HH:MM` in UTC, `minutes` from now. */
function utcClock(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
}

describe('quiet hours over HTTP', () => {
  it('holds a reminder due inside them to the window end; a high-priority one rings', async () => {
    const start = utcClock(-5);
    const end = utcClock(10);
    await admin.put('/v1/users/quinn/profile', {
      timeZone: 'UTC',
      quietHours: { start, end },
    });
    const scheduledAt = new Date(Date.now() + 1000).toISOString();
    const held = await admin.post<NotificationJson>('/v1/users/quinn/notifications', {
      title: 'not now',
      message: '',
      scheduledAt,
    });
    const urgent = await admin.post<NotificationJson>('/v1/users/quinn/notifications', {
      title: 'the house is on fire',
      message: '',
      scheduledAt,
      priority: 'high',
    });
    expect(urgent.body.priority).toBe('high');
    const inbox = await eventually(async () => {
      const page = await admin.get<Page<InboxItemJson>>('/v1/users/quinn/inbox');
      return page.body.items.length > 0 ? page.body.items : undefined;
    });
    expect(inbox.map((i) => i.notificationId)).toEqual([urgent.body.id]);
    const after = await eventually(async () => {
      const res = await admin.get<NotificationJson>(
        `/v1/users/quinn/notifications/${held.body.id}`,
      );
      return res.body.deferredFrom !== null ? res.body : undefined;
    });
    expect(after).toMatchObject({ status: 'scheduled', deferredFrom: held.body.scheduledAt });
    expect(after.scheduledAt!.slice(11, 16)).toBe(end);
    expect(Date.parse(after.scheduledAt!)).toBeGreaterThan(Date.now());
  });
});
