import { type InboxItemJson, type NotificationJson } from '@tickler/notifications';
import { startWebhookReceiver, type WebhookReceiver } from '@tickler/notifications/testing';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';

/** The answer of `GET`/`PUT …/preferences`, as far as this file reads it. */
interface PreferencesJson {
  preferences: { source: string; channel: string; escalate: unknown }[];
}

// Issue 33 item 2 through the daemon: `escalate` on the body, the escalation in the reminder's
// view, cancelled by a read. Its sending after `after` (1m at least) is tested in-process with a
// manual clock, never by waiting: packages/notifications/test/escalation.int.spec.ts.

const shared = daemonPerFile();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

describe('escalation over HTTP', () => {
  it('takes escalate, shows it pending in the view, and cancels it when the item is read', async () => {
    const hook = await shared.api.post('/v1/users/ria/subscriptions', {
      url: receiver.url,
      default: false,
    });
    expect(hook.status).toBe(201);
    const created = await shared.api.post<NotificationJson>('/v1/users/ria/notifications', {
      title: 'Call the dentist',
      message: '',
      channels: ['inbox'],
      escalate: { after: '1h', channel: 'webhook' },
    });
    expect(created.status).toBe(201);
    const path = `/v1/users/ria/notifications/${created.body.id}`;
    const fired = await shared.api.get<NotificationJson>(path);
    expect(fired.body.escalation).toEqual({
      after: '1h',
      channel: 'webhook',
      status: 'pending',
      at: new Date(Date.parse(fired.body.sentAt!) + 3_600_000).toISOString(),
    });

    const read = await shared.api.post<InboxItemJson>(
      `/v1/users/ria/inbox/${fired.body.inboxId}/read`,
    );
    expect(read.status).toBe(200);
    const after = await shared.api.get<NotificationJson>(path);
    expect(after.body.escalation).toMatchObject({ status: 'cancelled', channel: 'webhook' });
    expect(receiver.received).toHaveLength(0);
  });

  it('takes an escalation per source on the inbox switch, applies it to a reminder without one, and removes it with null', async () => {
    const hook = await shared.api.post('/v1/users/sia/subscriptions', {
      url: receiver.url,
      default: false,
    });
    expect(hook.status).toBe(201);
    const path = '/v1/users/sia/preferences';
    const escalate = { after: '2h', channel: 'webhook' };
    const set = await shared.api.put<PreferencesJson>(path, {
      preferences: [{ source: '@person', channel: 'inbox', enabled: true, escalate }],
    });
    expect(set.status).toBe(200);
    expect(set.body.preferences).toEqual([expect.objectContaining({ escalate })]);
    const created = await shared.api.post<NotificationJson>('/v1/users/sia/notifications', {
      title: 'Water the plants',
      message: '',
      channels: ['inbox'],
    });
    expect(created.status).toBe(201);
    const fired = await shared.api.get<NotificationJson>(
      `/v1/users/sia/notifications/${created.body.id}`,
    );
    expect(fired.body.escalation).toEqual({
      after: '2h',
      channel: 'webhook',
      status: 'pending',
      at: new Date(Date.parse(fired.body.sentAt!) + 2 * 3_600_000).toISOString(),
    });

    const refused = await shared.api.put<ErrorBody>(path, {
      preferences: [{ source: '@person', channel: 'push', enabled: true, escalate }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain('preferences.0.escalate');

    const cleared = await shared.api.put<PreferencesJson>(path, {
      preferences: [{ source: '@person', channel: 'inbox', enabled: true, escalate: null }],
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.preferences).toEqual([expect.objectContaining({ escalate: null })]);
  });

  it('answers null for a reminder without escalate', async () => {
    const created = await shared.api.post<NotificationJson>('/v1/users/ria/notifications', {
      title: 'plain',
      message: '',
      channels: ['inbox'],
    });
    expect(created.status).toBe(201);
    expect(created.body.escalation).toBeNull();
  });

  it.each([
    ['escalate', { escalate: 'soon' }],
    ['escalate.after', { escalate: { after: '10s', channel: 'webhook' } }],
    ['escalate.after', { escalate: { after: '8d', channel: 'webhook' } }],
    ['escalate.after', { escalate: { channel: 'webhook' } }],
    ['escalate.channel', { escalate: { after: '1h', channel: 'inbox' } }],
    ['escalate.channel', { escalate: { after: '1h', channel: 'fax' } }],
  ])('refuses a bad escalate with a 400 naming %s (case %#)', async (field, extra) => {
    const res = await shared.api.post<ErrorBody>('/v1/users/ria/notifications', {
      title: 't',
      message: '',
      ...extra,
    });
    expect(res.status).toBe(400);
    const named = [
      ...(res.body.error.fields ?? []).map((f) => f.path),
      res.body.error.message.split(':')[0],
    ];
    expect(named).toContain(field);
  });
});
