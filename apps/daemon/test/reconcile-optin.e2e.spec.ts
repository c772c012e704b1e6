import { type NotificationJson, type Page } from '@tickler/notifications';
import { Api, DaemonProcess } from '@tickler/testing';

let daemon: DaemonProcess;
let api: Api;

beforeAll(async () => {
  daemon = await new DaemonProcess(DaemonProcess.tempDir()).start();
  api = new Api(daemon.url, daemon.adminToken);
});

afterAll(async () => {
  expect(await daemon.terminate()).toEqual({ code: 0, signal: null });
});

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

describe('reconcile: an opt-in turned off and on again (seed 001 §5.2)', () => {
  it('brings withdrawn reminders back, and never the one the person canceled', async () => {
    const planned = ['meds', 'walk'].map((sourceKey) => ({
      userId: 'ola',
      sourceKey,
      title: sourceKey,
      message: '',
      scheduledAt: inDays(1),
    }));
    const first = await api.post('/v1/reconcile', { sourceApp: 'coach', planned });
    expect(first.body).toMatchObject({ created: 2 });
    const listed = await api.get<Page<NotificationJson>>('/v1/users/ola/notifications');
    const walk = listed.body.items.find((n) => n.source?.key === 'walk')!;
    expect((await api.post(`/v1/users/ola/notifications/${walk.id}/cancel`, {})).status).toBe(200);

    const off = await api.post('/v1/reconcile', { sourceApp: 'coach', planned: [] });
    expect(off.body).toMatchObject({ withdrawn: 1 });
    const on = await api.post('/v1/reconcile', { sourceApp: 'coach', planned });
    expect(on.body).toMatchObject({ created: 1, unchanged: 1, withdrawn: 0 });

    const after = await api.get<Page<NotificationJson>>('/v1/users/ola/notifications');
    const byKey = after.body.items.map((n): [string, string] => [n.source?.key ?? '', n.status]);
    expect(byKey.sort()).toEqual([
      ['meds', 'scheduled'],
      ['walk', 'canceled'],
    ]);
    expect(after.body.items).toHaveLength(2);
  });
});
