import { type NotificationJson } from '@tickler/notifications';
import { Api, DaemonProcess, type ErrorBody } from '@tickler/testing';
import { scheduleLater } from './support/fixtures';

// Issue 31, seed 001 §5.1: "cancel that" is a PATCH to status: 'canceled', with the cancel
// command's rules (scope, a no-op once sent) and nothing else edited in the same request.

let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
});

const one = (user: string, id: string) => `/v1/users/${user}/notifications/${id}`;

async function scheduleSeries(user: string): Promise<NotificationJson> {
  const res = await api.post<NotificationJson>(`/v1/users/${user}/notifications`, {
    title: 'stand-up',
    message: '',
    scheduledAt: '2027-01-04T09:00:00+01:00',
    repeat: { rule: 'FREQ=DAILY', timeZone: 'Europe/Berlin' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('PATCH …/notifications/{id} {status: "canceled"}', () => {
  it('cancels a one-off, stays 200 when repeated, and answers a sent one unchanged', async () => {
    const n = await scheduleLater(api, 'patcher');
    const canceled = await api.patch<NotificationJson>(one('patcher', n.id), {
      status: 'canceled',
    });
    expect(canceled).toMatchObject({ status: 200, body: { id: n.id, status: 'canceled' } });
    const stored = await api.get<NotificationJson>(one('patcher', n.id));
    expect(stored.body.status).toBe('canceled');
    const again = await api.patch<NotificationJson>(one('patcher', n.id), { status: 'canceled' });
    expect(again).toMatchObject({ status: 200, body: { status: 'canceled' } });

    const sent = await scheduleLater(api, 'patcher');
    await api.post(`${one('patcher', sent.id)}/send-now`);
    const noOp = await api.patch<NotificationJson>(one('patcher', sent.id), {
      status: 'canceled',
    });
    expect(noOp).toMatchObject({ status: 200, body: { id: sent.id, status: 'sent' } });
  });

  it('cancels only this occurrence by default, and the series with scope "series"', async () => {
    const first = await scheduleSeries('patcher2');
    const thisOne = await api.patch<NotificationJson>(one('patcher2', first.id), {
      status: 'canceled',
    });
    expect(thisOne).toMatchObject({
      status: 200,
      body: { status: 'canceled', repeat: { status: 'active' } },
    });

    const second = await scheduleSeries('patcher3');
    const series = await api.patch<NotificationJson>(one('patcher3', second.id), {
      status: 'canceled',
      scope: 'series',
    });
    expect(series).toMatchObject({
      status: 200,
      body: { status: 'canceled', repeat: { status: 'canceled' } },
    });
  });

  it('refuses another status, and any edit sent with the cancel, naming the field', async () => {
    const n = await scheduleLater(api, 'patcher4');
    const other = await api.patch<ErrorBody>(one('patcher4', n.id), { status: 'sent' });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain('status');
    for (const [field, value] of [
      ['title', 'new title'],
      ['message', 'new message'],
      ['url', 'https://example.com/x'],
      ['scheduledAt', new Date(Date.now() + 7_200_000).toISOString()],
      ['when', 'tomorrow 9am'],
      ['channels', ['inbox']],
      ['repeat', { rule: 'FREQ=DAILY' }],
    ] as const) {
      const mixed = await api.patch<ErrorBody>(one('patcher4', n.id), {
        status: 'canceled',
        [field]: value,
      });
      expect([field, mixed.status]).toEqual([field, 400]);
      expect(mixed.body.error.fields?.map((f) => f.path) ?? mixed.body.error.message).toEqual(
        expect.arrayContaining([field]),
      );
    }
    const untouched = await api.get<NotificationJson>(one('patcher4', n.id));
    expect(untouched.body).toMatchObject({ status: 'scheduled', title: n.title });
  });

  it('cancels nothing of another user (404)', async () => {
    const n = await scheduleLater(api, 'patcher5');
    const notYours = await api.patch<ErrorBody>(one('intruder', n.id), { status: 'canceled' });
    expect(notYours.status).toBe(404);
    const stored = await api.get<NotificationJson>(one('patcher5', n.id));
    expect(stored.body.status).toBe('scheduled');
  });
});
