import net from 'node:net';
import { type NotificationJson } from '@tickler/notifications';
import {
  type NtfyPublishReceived,
  type NtfyStandIn,
  pressNtfyAction,
  startNtfyStandIn,
} from '@tickler/notifications/testing';
import { Api, DaemonProcess, eventually } from '@tickler/testing';

// Issue 33 item 4: ntfy's Snooze 10 min and Done buttons reach the daemon back. The daemon is a
// real child process whose TICKLER_PUBLIC_URL is its own address; the ntfy stand-in checks the
// publish shape, and pressNtfyAction sends what ntfy's phone app sends for an `http` button.

/** A port nothing listens on now (the daemon's public URL must be known before it starts). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let ntfy: NtfyStandIn;
let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  ntfy = await startNtfyStandIn();
  const port = await freePort();
  daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
    TICKLER_PORT: String(port),
    TICKLER_PUBLIC_URL: `http://127.0.0.1:${port}/`,
  }).start();
  api = new Api(daemon.url, daemon.adminToken);
  const registered = await api.post('/v1/users/nia/subscriptions', {
    kind: 'ntfy',
    server: ntfy.url,
    topic: 'nia-phone',
  });
  expect(registered.status).toBe(201);
});

afterAll(async () => {
  await daemon.terminate();
  await ntfy.close();
});

/** Schedules a reminder for now to the inbox and ntfy; answers its id and its publish. */
async function remind(title: string): Promise<{ id: string; publish: NtfyPublishReceived }> {
  const created = await api.post<NotificationJson>('/v1/users/nia/notifications', {
    title,
    message: 'From the e2e test',
    channels: ['inbox', 'ntfy'],
  });
  expect([created.status, created.body]).toEqual([201, expect.objectContaining({ title })]);
  const publish = await eventually(() => ntfy.received.find((r) => r.body?.title === title));
  expect(publish.problems).toEqual([]);
  return { id: created.body.id, publish };
}

async function inboxItem(id: string) {
  const page = await api.get<{ items: Array<{ id: string; readAt: string | null }> }>(
    '/v1/users/nia/inbox',
  );
  return page.body.items.find((item) => item.id === id);
}

describe('ntfy Snooze / Done buttons through the daemon (real process)', () => {
  it('Done, pressed as the phone app does, marks the inbox item read without the person token', async () => {
    const { id, publish } = await remind('Water the plants');
    const labels = (publish.body?.actions as Array<{ label: string }>).map((a) => a.label);
    expect(labels).toEqual(['Snooze 10 min', 'Done']);
    expect((await inboxItem(id))?.readAt).toBeNull();
    const pressed = await pressNtfyAction(publish, 'Done');
    expect(pressed).toEqual({
      status: 200,
      body: { action: 'done', inboxId: id, applied: true },
    });
    expect((await inboxItem(id))?.readAt).toEqual(expect.any(String));
  });

  it('Snooze schedules it again in 10 minutes, once', async () => {
    const { id, publish } = await remind('Call back');
    const before = Date.now();
    const pressed = await pressNtfyAction(publish, 'Snooze 10 min');
    expect(pressed.status).toBe(200);
    expect(pressed.body).toMatchObject({ action: 'snooze', inboxId: id, applied: true });
    const at = Date.parse(String(pressed.body.scheduledAt));
    expect(at).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1_000);
    const snoozed = await api.get<NotificationJson>(
      `/v1/users/nia/notifications/${String(pressed.body.notificationId)}`,
    );
    expect(snoozed.body).toMatchObject({
      status: 'scheduled',
      title: 'Call back',
      snoozedFrom: id,
    });
    const again = await pressNtfyAction(publish, 'Snooze 10 min');
    expect(again).toEqual({
      status: 200,
      body: { action: 'snooze', inboxId: id, applied: false },
    });
  });

  it('an altered link is 404, a malformed one 400 naming token, and the log never shows a link', async () => {
    const { publish } = await remind('Tamper');
    const actions = publish.body?.actions as Array<{ url: string }>;
    const done = actions[1]?.url ?? '';
    const [version, , mac] = (done.split('/').at(-1) ?? '').split('.');
    const body = (actions[0]?.url.split('/').at(-1) ?? '').split('.')[1];
    const forged = await fetch(`${daemon.url}/v1/actions/${version}.${body}.${mac}`, {
      method: 'POST',
    });
    expect(forged.status).toBe(404);
    const malformed = await fetch(`${daemon.url}/v1/actions/not-a-token`, { method: 'POST' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('token');
    // The link is the whole credential: the daemon's log never shows it.
    expect(daemon.stdout).not.toContain(mac);
  });
});
