import { type NotificationJson } from '@tickler/notifications';
import { Api, DaemonProcess, type ErrorBody } from '@tickler/testing';
import { scheduleLater } from './support/fixtures';

// Issue 31: a cancel can be undone within 10 minutes (the page's Undo, `tickler uncancel`).
// The window's end is the domain's rule, tested with a fixed clock in the entity's spec.

let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
});

describe('POST …/notifications/{id}/uncancel', () => {
  it('schedules a canceled reminder again at its instant; a live one is 409', async () => {
    const n = await scheduleLater(api, 'undoer');
    await api.post(`/v1/users/undoer/notifications/${n.id}/cancel`);
    const undone = await api.post<NotificationJson>(
      `/v1/users/undoer/notifications/${n.id}/uncancel`,
    );
    expect(undone).toMatchObject({
      status: 200,
      body: { id: n.id, status: 'scheduled', scheduledAt: n.scheduledAt },
    });
    const stored = await api.get<NotificationJson>(`/v1/users/undoer/notifications/${n.id}`);
    expect(stored.body.status).toBe('scheduled');
    const again = await api.post<ErrorBody>(`/v1/users/undoer/notifications/${n.id}/uncancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('NOTIFICATIONS.NOT_SCHEDULED');
  });

  it('refuses an occurrence of a series (its series moved on) and another user’s row', async () => {
    const res = await api.post<NotificationJson>('/v1/users/undoer/notifications', {
      title: 'stand-up',
      message: '',
      scheduledAt: '2027-01-04T09:00:00+01:00',
      repeat: { rule: 'FREQ=DAILY', timeZone: 'Europe/Berlin' },
    });
    await api.post(`/v1/users/undoer/notifications/${res.body.id}/cancel`);
    const refused = await api.post<ErrorBody>(
      `/v1/users/undoer/notifications/${res.body.id}/uncancel`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/recurring series/);
    const other = await scheduleLater(api, 'someone');
    await api.post(`/v1/users/someone/notifications/${other.id}/cancel`);
    const notYours = await api.post<ErrorBody>(
      `/v1/users/undoer/notifications/${other.id}/uncancel`,
    );
    expect(notYours.status).toBe(404);
  });
});
