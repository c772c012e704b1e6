import { type Application } from '@tickler/core';
import {
  createTempDirectory,
  REFERENCE_TIME,
  testBackend,
  type TempDirectory,
} from '@tickler/core/testing';
import { sql } from 'kysely';
import {
  CHANNEL_SENDS_WAKE_UP_KEY,
  ChannelSendPool,
  DELIVER_DUE_WAKE_UP_KEY,
} from '../src/context';
import { RegisterSubscription } from '../src';
import { createNotificationsTestApp, ScriptedChannel, send, sendsSettled } from '../src/testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

/**
 * When a delivery due at +90 s whose wake-up row was lost goes out. SQLite: the adapter trusts
 * what it knows of the pending row while `pragma data_version` is unchanged (nothing else wrote
 * the file), so the safety net rewrites it once the delivery is due, at its +120 s run.
 * PostgreSQL has no such counter: every safety run rewrites the wake-up, so the +60 s run puts
 * it back at the delivery's instant.
 */
const REPAIRED_AT = testBackend() === 'postgres' ? at(90_000) : at(120_000);

let dir: TempDirectory;
const apps: Application[] = [];
beforeEach(() => {
  dir = createTempDirectory();
});
afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

async function boot(options: Parameters<typeof createNotificationsTestApp>[0] = {}) {
  const booted = await createNotificationsTestApp({ file: dir.file('app.db'), ...options });
  apps.push(booted.app);
  await booted.clock.advance(0); // the safety net's catch-up run at start
  return booted;
}

/** Removes the pending wake-up row behind the adapter's back (its own connection: SQLite's data_version stays put). */
async function loseWakeUp(app: Application): Promise<void> {
  await sql`delete from shared_scheduled_commands where key = ${DELIVER_DUE_WAKE_UP_KEY}`.execute(
    app.database.kysely,
  );
}

async function statusOf(
  app: Application,
  id: string,
): Promise<{ status: string; sent_at: string | null }> {
  const r = await sql<{
    status: string;
    sent_at: string | null;
  }>`select status, sent_at from notification_deliveries where id = ${id}`.execute(
    app.database.kysely,
  );
  return r.rows[0] as { status: string; sent_at: string | null };
}

describe('the minutely safety net, run in its claim transaction', () => {
  it('repairs a lost wake-up row: the delivery goes out at the latest at the first minutely run after its instant', async () => {
    const { app, clock } = await boot();
    const { delivery } = await send(app, { scheduledAt: at(90_000) });
    await loseWakeUp(app);
    await clock.advance(90_000 - 1);
    expect(await statusOf(app, delivery.id)).toEqual({ status: 'scheduled', sent_at: null });
    await clock.advance(30_001);
    expect(await statusOf(app, delivery.id)).toEqual({ status: 'sent', sent_at: REPAIRED_AT });
  });

  it('hands due webhooks to the wake-ups: the request is made after commit, with no transaction open', async () => {
    const channel = new ScriptedChannel('webhook');
    const booted: { app?: Application } = {};
    const openAtSend: boolean[] = [];
    channel.outcome = () => {
      openAtSend.push(booted.app?.uow.active() !== undefined);
      return { ok: true };
    };
    const t = await boot({ channels: [channel] });
    booted.app = t.app;
    await t.app.dispatch(
      Object.assign(new RegisterSubscription(), {
        recipientId: 'alice',
        url: 'http://127.0.0.1:9/hook',
      }),
    );
    const { delivery } = await send(t.app, { channel: 'webhook', scheduledAt: at(90_000) });
    await loseWakeUp(t.app);
    await t.clock.advance(120_000);
    await t.sendsSettled();
    expect(channel.requests.map((r) => r.deliveryId)).toEqual([delivery.id]);
    expect(openAtSend).toEqual([false]);
    expect(await statusOf(t.app, delivery.id)).toEqual({ status: 'sent', sent_at: REPAIRED_AT });
  });

  it('repairs a lost send-loop wake-up: a send waiting for its retry goes out at the next minutely run', async () => {
    const channel = new ScriptedChannel('webhook');
    channel.retry = { maxAttempts: 3, baseMs: 10_000, maxMs: 60_000 };
    channel.outcome = (_request, index) =>
      index === 0
        ? {
            ok: false,
            errorClass: 'unreachable',
            retryable: true,
            maybeDelivered: false,
            detail: 'connection refused',
          }
        : { ok: true };
    const { app, clock } = await boot({ channels: [channel] });
    await app.dispatch(
      Object.assign(new RegisterSubscription(), {
        recipientId: 'alice',
        url: 'http://127.0.0.1:9/h',
      }),
    );
    const { delivery } = await send(app, { channel: 'webhook' });
    await sendsSettled(app, clock); // the first attempt fails: its retry is due at +10 s
    expect(channel.requests).toHaveLength(1);
    await sql`delete from shared_scheduled_commands where key = ${CHANNEL_SENDS_WAKE_UP_KEY}`.execute(
      app.database.kysely,
    );
    await clock.advance(60_000 - 1);
    await app.get(ChannelSendPool).idle();
    expect(channel.requests).toHaveLength(1);
    await clock.advance(1);
    await app.get(ChannelSendPool).idle();
    expect(channel.requests.map((r) => r.deliveryId)).toEqual([delivery.id, delivery.id]);
    expect(await statusOf(app, delivery.id)).toMatchObject({ status: 'sent' });
  });

  it('leaves a pending wake-up where it is while nothing is due, and runs each minute on time', async () => {
    const { app, clock } = await boot();
    await send(app, { scheduledAt: at(3_600_000) });
    await clock.advance(5 * 60_000);
    const rows = await sql<{ key: string; status: string; run_at: string; runs: number }>`
      select key, status, run_at, runs from shared_scheduled_commands order by key`.execute(
      app.database.kysely,
    );
    expect(rows.rows).toEqual([
      {
        key: 'job:notifications:notifications.check-due', // the safety net's own command (issue 11)
        status: 'pending',
        run_at: at(6 * 60_000),
        runs: 6,
      },
      // Retention's hourly prune (issue 33): ran once at start, next in an hour.
      {
        key: 'job:notifications:notifications.prune-expired',
        status: 'pending',
        run_at: at(3_600_000),
        runs: 1,
      },
      { key: DELIVER_DUE_WAKE_UP_KEY, status: 'pending', run_at: at(3_600_000), runs: 0 },
    ]);
  });
});
