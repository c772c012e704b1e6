import { type NotificationJson } from '@tickler/notifications';
import {
  type NtfyStandIn,
  startNtfyStandIn,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@tickler/notifications/testing';
import { daemonPerFile, type ErrorBody, eventually } from '@tickler/testing';

// Issue 33 item 2 through the daemon: `fallback` on the body; a webhook that answers 410 Gone
// (a failure for good) makes the daemon send the reminder once by the fallback channel (ntfy),
// shown in the reminder's view. Kills at every step: the channel contract (fallback-crashes.ts).

const shared = daemonPerFile();
let receiver: WebhookReceiver;
let ntfy: NtfyStandIn;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiver.respond = () => 410;
  ntfy = await startNtfyStandIn();
});
afterAll(async () => {
  await receiver.close();
  await ntfy.close();
});

describe('fallback over HTTP', () => {
  it('sends once by the fallback channel when the webhook fails for good, and shows it', async () => {
    expect(
      (await shared.api.post('/v1/users/fia/subscriptions', { url: receiver.url })).status,
    ).toBe(201);
    const topic = await shared.api.post('/v1/users/fia/subscriptions', {
      kind: 'ntfy',
      server: ntfy.url,
      topic: 'fia-phone',
    });
    expect(topic.status).toBe(201);
    const created = await shared.api.post<NotificationJson>('/v1/users/fia/notifications', {
      title: 'Renew the passport',
      message: '',
      channels: ['webhook'],
      fallback: { channel: 'ntfy' },
    });
    expect(created.status).toBe(201);
    expect(created.body.fallback).toMatchObject({ channel: 'ntfy' });
    const path = `/v1/users/fia/notifications/${created.body.id}`;
    const done = await eventually(async () => {
      const view = await shared.api.get<NotificationJson>(path);
      // Both: the view reads the reminder and its sends in two statements (read committed).
      return view.body.fallback?.status === 'sent' && view.body.status === 'sent'
        ? view.body
        : undefined;
    });
    expect(done.status).toBe('sent');
    expect(done.fallback).toEqual({ channel: 'ntfy', status: 'sent', at: done.sentAt });
    expect(done.channels.map((c) => [c.channel, c.status, c.lastError])).toEqual([
      ['webhook', 'failed', 'http-4xx'],
      ['ntfy', 'sent', null],
    ]);
    expect(receiver.received).toHaveLength(1);
    expect(ntfy.received).toHaveLength(1);
    expect(ntfy.received[0]?.headers['x-tickler-notification-id']).toBe(created.body.id);
  });

  it('answers null for a reminder without fallback', async () => {
    const created = await shared.api.post<NotificationJson>('/v1/users/fia/notifications', {
      title: 'plain',
      message: '',
      channels: ['inbox'],
    });
    expect(created.status).toBe(201);
    expect(created.body.fallback).toBeNull();
  });

  it.each([
    ['fallback', { fallback: 'email' }],
    ['fallback.channel', { fallback: {} }],
    ['fallback.channel', { fallback: { channel: 'inbox' } }],
    ['fallback.channel', { fallback: { channel: 'fax' } }],
  ])('refuses a bad fallback with a 400 naming %s (case %#)', async (field, extra) => {
    const res = await shared.api.post<ErrorBody>('/v1/users/fia/notifications', {
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
