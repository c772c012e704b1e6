import { type Application, type Database, silentLogger, toIsoUtc } from '@tickler/core';
import {
  createTempDirectory,
  openTestDatabase,
  REFERENCE_TIME,
  type TempDirectory,
} from '@tickler/core/testing';
import { sql } from 'kysely';
import { RegisterSubscription } from '../src';
import { createNotificationsTestApp, ScriptedChannel, send } from '../src/testing';

// Channel sends `sending` carry the instance that claimed them (ADR 0004).
const T0 = Date.parse(REFERENCE_TIME);
const MINUTE = 60_000;
let dir: TempDirectory;
let app: Application;
let channel: ScriptedChannel;
const others: Database[] = [];

beforeEach(() => {
  dir = createTempDirectory();
  channel = new ScriptedChannel('webhook');
});

afterEach(async () => {
  await app.stop();
  for (const database of others.splice(0)) {
    await database.close();
  }
  dir.remove();
});

async function boot(endpointConcurrency?: number) {
  const booted = await createNotificationsTestApp({
    file: dir.file('app.db'),
    start: false,
    channels: [channel],
    endpointConcurrency,
  });
  app = booted.app;
  await app.dispatch(
    Object.assign(new RegisterSubscription(), {
      recipientId: 'alice',
      url: 'http://127.0.0.1:9/h',
    }),
  );
  return booted;
}

/** Another instance on the same database, holding its lock. */
async function otherInstance(id: string) {
  const database = await openTestDatabase({ file: dir.file('app.db') });
  others.push(database);
  return database.lockInstance(id, silentLogger);
}

/** The notification's send becomes a claim of `instance` in flight, its lease 10 minutes ahead. */
async function claimAs(deliveryId: string, instance: string): Promise<void> {
  await sql`update notification_channel_sends set status = 'sending', attempts = 1, lease_token = 'their-token', claimed_by = ${instance}, due_at = ${toIsoUtc(T0 + 10 * MINUTE)} where delivery_id = ${deliveryId}`.execute(
    app.database.kysely,
  );
}

async function row(database: Database, deliveryId: string) {
  const { rows } = await sql<{
    status: string;
    attempts: number;
    due_at: string | null;
    claimed_by: string | null;
  }>`select status, attempts, due_at, claimed_by from notification_channel_sends where delivery_id = ${deliveryId}`.execute(
    database.kysely,
  );
  return rows[0];
}

describe('channel-send claims and their instance', () => {
  it('a dead instance’s claim is sent again at start, not at its lease expiry', async () => {
    const t = await boot();
    const { delivery } = await send(app, { channel: 'webhook' });
    await claimAs(delivery.id, 'gone-1');
    app.start();
    await t.sendsSettled();
    expect(channel.requests.map((r) => r.deliveryId)).toEqual([delivery.id]);
    expect(await row(app.database, delivery.id)).toEqual({
      status: 'sent',
      attempts: 2,
      due_at: null,
      claimed_by: null,
    });
  });

  it('a dead instance’s claim goes ahead of the sends meant for the same instant', async () => {
    const t = await boot(1);
    let answer: () => void = () => undefined;
    channel.outcome = () =>
      new Promise((resolve) => {
        answer = () => resolve({ ok: true });
      });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await send(app, { channel: 'webhook' })).delivery.id);
    }
    // The last one created (the last in index order among equals) was claimed by the dead.
    await claimAs(ids[3] ?? '', 'gone-2');
    await sql`update notification_channel_sends set due_at = ${REFERENCE_TIME} where delivery_id <> ${ids[3]}`.execute(
      app.database.kysely,
    );
    app.start();
    await t.clock.advance(0);
    // Room for one request to the endpoint: the freed claim is it.
    expect(channel.requests.map((r) => r.deliveryId)).toEqual([ids[3]]);
    channel.outcome = () => Promise.resolve({ ok: true });
    answer();
    // The others follow (on PostgreSQL the started queue's loop and this one skip each other's
    // locked rows, so one settling pass may stop early).
    for (let pass = 0; pass < 10 && channel.requests.length < 4; pass++) {
      await t.sendsSettled();
    }
    expect(channel.requests.map((r) => r.deliveryId).sort()).toEqual([...ids].sort());
  });

  it('a live instance’s claim is left to it until its lease expires', async () => {
    const { clock } = await boot();
    await otherInstance('alive-1');
    const { delivery } = await send(app, { channel: 'webhook' });
    await claimAs(delivery.id, 'alive-1');
    app.start();
    await clock.advance(10 * MINUTE - 1);
    expect(channel.requests).toEqual([]);
    await clock.advance(1);
    expect(channel.requests.map((r) => r.deliveryId)).toEqual([delivery.id]);
  });

  it('this instance’s claims carry it, and stop waits for its deadline, then ends their lease at the stop instant', async () => {
    const { clock } = await boot();
    let answer: () => void = () => undefined;
    channel.outcome = () =>
      new Promise((resolve) => {
        answer = () => resolve({ ok: true });
      });
    const { delivery } = await send(app, { channel: 'webhook' });
    app.start();
    await clock.advance(0);
    expect(channel.requests).toHaveLength(1); // in flight: the queue's cycle did not wait for it
    expect(await row(app.database, delivery.id)).toMatchObject({
      status: 'sending',
      claimed_by: app.instanceId,
    });
    const watcher = await openTestDatabase({ file: dir.file('app.db') });
    others.push(watcher);
    await app.stop({ deadlineMs: 10 });
    // Still in flight at the deadline: released, so the next look takes it over (at-least-once).
    expect(await row(watcher, delivery.id)).toMatchObject({
      status: 'sending',
      claimed_by: app.instanceId,
      due_at: REFERENCE_TIME,
    });
    answer(); // its late answer settles nothing: the process stopped settling
    expect(await row(watcher, delivery.id)).toMatchObject({ status: 'sending' });
  });

  it('stop lets a send that answers within the deadline settle', async () => {
    const { clock } = await boot();
    let answer: () => void = () => undefined;
    channel.outcome = () =>
      new Promise((resolve) => {
        answer = () => resolve({ ok: true });
      });
    const { delivery } = await send(app, { channel: 'webhook' });
    app.start();
    await clock.advance(0);
    const watcher = await openTestDatabase({ file: dir.file('app.db') });
    others.push(watcher);
    const stopping = app.stop({ deadlineMs: 10_000 });
    answer();
    await stopping;
    expect(await row(watcher, delivery.id)).toMatchObject({ status: 'sent', claimed_by: null });
  });
});
