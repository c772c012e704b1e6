import { type NotificationJson } from '@tickler/notifications';
import { type NtfyStandIn, startNtfyStandIn } from '@tickler/notifications/testing';
import { Api, DaemonProcess, type ErrorBody, eventually } from '@tickler/testing';

// Issue 33 item 4: an ntfy subscription reaches a phone through ntfy's JSON publish API. The
// daemon is a real child process; the ntfy server is a stand-in on 127.0.0.1 that checks the
// documented request shape (so the address rule is lifted, as a desktop would).
let ntfy: NtfyStandIn;
let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  ntfy = await startNtfyStandIn();
  ntfy.token = 'tk_e2e_token';
  daemon = await new DaemonProcess(DaemonProcess.tempDir(), {
    TICKLER_ALLOW_PRIVATE_TARGETS: 'true',
  }).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  await daemon.terminate();
  await ntfy.close();
});

describe('ntfy through the daemon (real process)', () => {
  it('a reminder on the ntfy channel is published once, in the documented shape, with the bearer token', async () => {
    const registered = await api.post<Record<string, unknown>>('/v1/users/nia/subscriptions', {
      kind: 'ntfy',
      server: ntfy.url,
      topic: 'nia-phone',
      token: 'tk_e2e_token',
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      kind: 'ntfy',
      topic: 'nia-phone',
      hasToken: true,
      guarantee: 'at-most-once',
    });
    expect(JSON.stringify(registered.body)).not.toContain('tk_e2e_token');

    const created = await api.post<NotificationJson>('/v1/users/nia/notifications', {
      title: 'Pills',
      message: 'The blue ones',
      url: 'https://example.org/pills',
      channels: ['ntfy'],
    });
    expect(created.status).toBe(201);
    const [request] = await eventually(() =>
      ntfy.received.length > 0 ? ntfy.received : undefined,
    );
    expect(request?.problems).toEqual([]);
    expect(request?.headers.authorization).toBe('Bearer tk_e2e_token');
    expect(request?.body).toEqual({
      topic: 'nia-phone',
      title: 'Pills',
      message: 'The blue ones',
      priority: 3,
      tags: ['alarm_clock'],
      click: 'https://example.org/pills',
    });
    const view = await eventually(async () => {
      const got = await api.get<NotificationJson>(`/v1/users/nia/notifications/${created.body.id}`);
      const ntfyChannel = got.body.channels.find((c) => c.channel === 'ntfy');
      return ntfyChannel?.status === 'sent' ? got.body : undefined;
    });
    expect(view.status).toBe('sent');
    expect(ntfy.received).toHaveLength(1);
  });

  it('a bad topic is a 400 naming topic', async () => {
    const refused = await api.post<ErrorBody>('/v1/users/nia/subscriptions', {
      kind: 'ntfy',
      server: ntfy.url,
      topic: 'no spaces allowed',
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('topic');
  });
});
