import { type Application, type Database, silentLogger, toIsoUtc } from '@tickler/core';
import {
  createTempDirectory,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
} from '@tickler/core/testing';
import { sql } from 'kysely';
import { RegisterWebhook } from '../src';
import { createNotificationsTestApp, ScriptedWebhookSender, send } from '../src/testing';

// Webhook deliveries `sending` carry the instance that claimed them (ADR 0004).
const T0 = Date.parse(REFERENCE_TIME);
const MINUTE = 60_000;
let dir: TempDirectory;
let app: Application;
let sender: ScriptedWebhookSender;
const others: Database[] = [];

beforeEach(() => {
  dir = createTempDirectory();
  sender = new ScriptedWebhookSender();
});

afterEach(async () => {
  await app.stop();
  for (const database of others.splice(0)) {
    await database.close();
  }
  dir.remove();
});

async function boot() {
  const booted = await createNotificationsTestApp({
    file: dir.file('app.db'),
    start: false,
    webhookSender: sender,
  });
  app = booted.app;
  await app.dispatch(
    Object.assign(new RegisterWebhook(), { recipientId: 'alice', url: 'http://127.0.0.1:9/h' }),
  );
  return booted;
}

/** Another instance on the same database, holding its lock. */
async function otherInstance(id: string) {
  const database = await openTestDatabase({ file: dir.file('app.db') });
  others.push(database);
  return database.lockInstance(id, silentLogger);
}

/** The delivery becomes a claim of `instance` in flight, its lease 10 minutes ahead. */
async function claimAs(id: string, instance: string): Promise<void> {
  await sql`update notification_deliveries set status = 'sending', attempts = 1, lease_token = 'their-token', claimed_by = ${instance}, due_at = ${toIsoUtc(T0 + 10 * MINUTE)} where id = ${id}`.execute(
    app.database.kysely,
  );
}

async function row(database: Database, id: string) {
  const { rows } = await sql<{
    status: string;
    attempts: number;
    due_at: string | null;
    claimed_by: string | null;
  }>`select status, attempts, due_at, claimed_by from notification_deliveries where id = ${id}`.execute(
    database.kysely,
  );
  return rows[0];
}

describe('webhook claims and their instance', () => {
  it('a dead instance’s claim is sent again at start, not at its lease expiry', async () => {
    const { clock } = await boot();
    const { delivery } = await send(app, { channel: 'webhook' });
    await claimAs(delivery.id, 'gone-1');
    app.start();
    await clock.advance(0);
    expect(sender.sent.map((d) => d.deliveryId)).toEqual([delivery.id]);
    expect(await row(app.database, delivery.id)).toEqual({
      status: 'sent',
      attempts: 2,
      due_at: null,
      claimed_by: null,
    });
  });

  it('a live instance’s claim is left to it until its lease expires', async () => {
    const { clock } = await boot();
    await otherInstance('alive-1');
    const { delivery } = await send(app, { channel: 'webhook' });
    await claimAs(delivery.id, 'alive-1');
    app.start();
    await clock.advance(10 * MINUTE - 1);
    expect(sender.sent).toEqual([]);
    await clock.advance(1);
    expect(sender.sent.map((d) => d.deliveryId)).toEqual([delivery.id]);
  });

  it('this instance’s claims carry it, and stop ends their lease at the stop instant', async () => {
    const { clock } = await boot();
    const { delivery } = await send(app, { channel: 'webhook' });
    let answer: (ok: boolean) => void = () => undefined;
    sender.outcome = () => ({ ok: true, status: 200 });
    const send0 = sender.send.bind(sender);
    sender.send = (d) =>
      new Promise((resolve) => {
        answer = () => resolve(send0(d));
      });
    app.start();
    const moving = clock.advance(0);
    while (
      sender.sent.length === 0 &&
      (await row(app.database, delivery.id))?.status !== 'sending'
    ) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(await row(app.database, delivery.id)).toMatchObject({
      status: 'sending',
      claimed_by: app.instanceId,
    });
    const watcher = await openTestDatabase({ file: dir.file('app.db') });
    others.push(watcher);
    await app.stop({ deadlineMs: 10 });
    // The request is still in flight: the next look re-claims it (at-least-once) at once.
    expect(await row(watcher, delivery.id)).toMatchObject({
      status: 'sending',
      due_at: REFERENCE_TIME,
    });
    answer(true);
    await moving.catch(() => undefined);
  });
});
