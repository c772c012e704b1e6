// SQLite only: the fixture is a SQLite file written by the release before the channel seam.
import fs from 'node:fs';
import path from 'node:path';
import { type Application } from '@tickler/core';
import { createTempDirectory, type TempDirectory } from '@tickler/core/testing';
import { GetNotification, ListSubscriptions } from '../src';
import { createNotificationsTestApp, ScriptedChannel } from '../src/testing';

const FIXTURE = path.join(__dirname, 'fixtures/release-0.2/tickler.db');
/** A day after the fixture was written: its scheduled rows are due. */
const DAY_LATER = '2026-12-01T09:00:00.000Z';

let dir: TempDirectory;
let app: Application | undefined;
beforeEach(() => {
  dir = createTempDirectory();
});
afterEach(async () => {
  await app?.stop();
  dir.remove();
});

async function upgraded(channel = new ScriptedChannel('webhook')) {
  const file = dir.file('tickler.db');
  fs.copyFileSync(FIXTURE, file);
  const t = await createNotificationsTestApp({
    file,
    at: DAY_LATER,
    start: false,
    channels: [channel],
  });
  app = t.app;
  return t;
}

async function byTitle(t: Awaited<ReturnType<typeof upgraded>>) {
  const rows = await t.db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notification_bodies as b', 'b.id', 'd.id')
    .select(['d.id', 'b.title', 'b.channels', 'd.status', 'd.attempts', 'd.last_error', 'd.due_at'])
    .execute();
  return new Map(rows.map((r) => [r.title, r]));
}

describe('upgrade: a database written by the release before the channel seam', () => {
  it('migrates in place with nothing lost: channel → channels, settled webhooks carry their outcome, generic error classes', async () => {
    const t = await upgraded();
    const rows = await byTitle(t);
    expect(rows.size).toBe(9);
    expect(rows.get('inbox sent')).toMatchObject({ channels: '["inbox"]', status: 'sent' });
    expect(rows.get('inbox scheduled')).toMatchObject({ status: 'scheduled', due_at: DAY_LATER });
    expect(rows.get('inbox canceled')).toMatchObject({ status: 'canceled' });
    expect(rows.get('webhook scheduled')).toMatchObject({
      channels: '["webhook"]',
      status: 'scheduled',
    });
    expect(rows.get('webhook failed')).toMatchObject({ status: 'failed', last_error: 'http-5xx' });
    expect(rows.get('webhook nobody')).toMatchObject({ status: 'failed', last_error: 'no-target' });
    // The claim the dead process held: sending, its send pending and due, attempts carried.
    expect(rows.get('webhook sending')).toMatchObject({ status: 'sending', due_at: null });
    const sends = await t.db.selectFrom('notification_channel_sends').selectAll().execute();
    const sendOf = (title: string) => sends.find((s) => s.delivery_id === rows.get(title)?.id);
    expect(sendOf('webhook sending')).toMatchObject({
      id: rows.get('webhook sending')?.id, // the old idempotency key (X-Tickler-Id) carries on
      status: 'pending',
      attempts: 1,
      endpoint: 'https://hooks.example.com',
    });
    expect(sendOf('webhook sent')).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sendOf('webhook failed')).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'http-5xx',
    });
    const inbox = await t.db.selectFrom('notification_inbox').select('notification_id').execute();
    expect(inbox).toEqual([{ notification_id: rows.get('inbox sent')?.id }]);
    const view = await t.app.dispatch(
      Object.assign(new GetNotification(), {
        recipientId: 'hooked',
        id: rows.get('webhook sent')?.id,
      }),
    );
    expect(view.channels).toEqual([
      expect.objectContaining({ channel: 'webhook', status: 'sent', attempts: 1 }),
    ]);
    const [subscription] = await t.app.dispatch(
      Object.assign(new ListSubscriptions(), { recipientId: 'hooked' }),
    );
    expect(subscription).toMatchObject({
      kind: 'webhook',
      guarantee: 'at-least-once',
      default: false,
      active: true,
    });
    const stored = await t.db
      .selectFrom('notification_subscriptions')
      .select('target')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.target)).toMatchObject({
      url: 'https://hooks.example.com/a',
      secrets: [{ secret: expect.stringMatching(/^whsec_/) as unknown, until: null }],
    });
  });

  it('goes on delivering: the dead claim is sent again under its old key, the scheduled rows fire', async () => {
    const channel = new ScriptedChannel('webhook');
    const t = await upgraded(channel);
    t.app.start();
    await t.sendsSettled();
    const rows = await byTitle(t);
    expect(rows.get('webhook sending')?.status).toBe('sent');
    expect(rows.get('inbox scheduled')?.status).toBe('sent');
    expect(rows.get('webhook scheduled')?.status).toBe('sent');
    expect(channel.requests.map((r) => r.sendId)).toContain(rows.get('webhook sending')?.id);
    expect(channel.requests).toHaveLength(2);
  });
});
