import { type NotificationJson } from '@tickler/notifications';
import { Api, DaemonProcess } from '@tickler/testing';
import { SseReader } from './support/sse-reader';

describe('live event streams (real process)', () => {
  it("gives a user token its own user's events only, the admin every event, and ends streams on SIGTERM", async () => {
    const daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
    const admin = new Api(daemon.url, daemon.adminToken);
    const carolToken = (await admin.post<{ token: string }>('/v1/users/carol/tokens')).body.token;

    const carol = await SseReader.open(`${daemon.url}/v1/users/carol/events`, carolToken);
    const all = await SseReader.open(`${daemon.url}/v1/events`, daemon.adminToken);
    expect(carol.response.status).toBe(200);
    expect(carol.response.headers.get('content-type')).toContain('text/event-stream');
    await carol.until((t) => t.includes(': connected'));
    await all.until((t) => t.includes(': connected'));

    const forDave = await admin.post<NotificationJson>('/v1/users/dave/notifications', {
      title: 'dave',
      message: '',
    });
    const forCarol = await admin.post<NotificationJson>('/v1/users/carol/notifications', {
      title: 'carol',
      message: '',
    });
    const scheduled = await admin.post<NotificationJson>('/v1/users/carol/notifications', {
      title: 'later',
      message: '',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await admin.post(`/v1/users/carol/notifications/${scheduled.body.id}/cancel`);

    await carol.until((t) => t.includes('notifications.canceled'));
    await all.until((t) => t.includes('notifications.canceled'));
    expect(carol.events().map((e) => [e.type, e.aggregateId])).toEqual([
      ['notifications.sent', forCarol.body.id],
      ['notifications.scheduled', scheduled.body.id],
      ['notifications.canceled', scheduled.body.id],
    ]);
    expect(carol.events().every((e) => e.payload.recipientId === 'carol')).toBe(true);
    expect(all.events().map((e) => e.aggregateId)).toContain(forDave.body.id);

    expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
    await carol.ended();
    await all.ended();
  });
});
