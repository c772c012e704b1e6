import { type NotificationJson } from '@tickler/notifications';
import { startWebhookReceiver, type WebhookReceiver } from '@tickler/notifications/testing';
import { Api, DaemonProcess, eventually, runToExit } from '@tickler/testing';

// Issue 33 item 6 through the daemon: TICKLER_THROTTLE=2/1h lets two webhooks to one person go
// and defers the third, which says so in its view (the release after the window is tested
// in-process with a manual clock: packages/notifications/test/throttling.int.spec.ts).
let receiver: WebhookReceiver;
let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  daemon = await new DaemonProcess(DaemonProcess.tempDir(), { TICKLER_THROTTLE: '2/1h' }).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  await daemon.terminate();
  await receiver.close();
});

async function webhookChannel(id: string) {
  const got = await api.get<NotificationJson>(`/v1/users/tom/notifications/${id}`);
  return got.body.channels.find((c) => c.channel === 'webhook');
}

describe('throttling through the daemon (real process)', () => {
  it('sends two webhooks to one person and defers the third, saying "throttled" in its view', async () => {
    const hook = await api.post('/v1/users/tom/subscriptions', { url: receiver.url });
    expect(hook.status).toBe(201);
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      const created = await api.post<NotificationJson>('/v1/users/tom/notifications', {
        title,
        message: 'm',
        channels: ['webhook'],
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const deferred = await eventually(async () => {
      const states = await Promise.all(ids.map((id) => webhookChannel(id)));
      const sent = states.filter((c) => c?.status === 'sent').length;
      const held = states.find((c) => c?.lastError === 'throttled');
      return sent === 2 && held ? held : undefined;
    });
    expect(deferred).toMatchObject({ status: 'pending', attempts: 0 });
    expect(receiver.received).toHaveLength(2);
  });

  it('an unreadable TICKLER_THROTTLE stops the start, naming the setting', async () => {
    const { code, stderr } = await runToExit({
      TICKLER_DB: `${DaemonProcess.tempDir()}/tickler.db`,
      TICKLER_PORT: '0',
      TICKLER_THROTTLE: 'lots',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('TICKLER_THROTTLE');
  });
});
