import path from 'node:path';
import { Application, ManualClock, tablesOf } from '@tickler/core';
import { createTempDirectory, openTestDatabase, type TempDirectory } from '@tickler/core/testing';
import { sql } from 'kysely';
import { notificationsContext } from '../src/context';
import { RegisterWebhook } from '../src';
import { type NotificationsTables } from '../src/infrastructure/notifications.tables';
import { sendCommand, startWebhookReceiver, type WebhookReceiver } from '../src/testing';
import { spawnFixture } from './support/child-process';

const WORKER = path.join(__dirname, 'fixtures/notifications-worker.ts');
const T0 = '2026-09-10T08:00:00.000Z';
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();
const HOUR = 3_600_000;

let dir: TempDirectory;
let receiver: WebhookReceiver;

beforeEach(async () => {
  dir = createTempDirectory('tickler-notifications-');
  receiver = await startWebhookReceiver();
});

afterEach(async () => {
  await receiver.close();
  dir.remove();
});

/** Seeds `inbox` + `webhook` deliveries due at interleaved instants before `at(1000)`. */
async function seed(file: string, inbox: number, webhook: number): Promise<void> {
  const clock = new ManualClock(T0);
  const app = await Application.create({
    database: await openTestDatabase({ file }),
    contexts: [notificationsContext()],
    clock,
  });
  await app.dispatch(
    Object.assign(new RegisterWebhook(), { recipientId: 'hooked', url: receiver.url }),
  );
  await app.uow.run(async () => {
    for (let i = 0; i < inbox + webhook; i++) {
      const isHook = i % Math.ceil((inbox + webhook) / webhook) === 0 && webhook > 0;
      await app.dispatch(
        sendCommand({
          recipientId: isHook ? 'hooked' : `user${i % 13}`,
          channel: isHook ? 'webhook' : 'inbox',
          title: `n${i}`,
          scheduledAt: at(1 + i),
        }),
      );
    }
  });
  await app.stop();
}

async function inspect<T>(
  file: string,
  read: (db: ReturnType<typeof tablesOf<NotificationsTables>>) => Promise<T>,
): Promise<T> {
  const database = await openTestDatabase({ file });
  try {
    return await read(tablesOf<NotificationsTables>(database.kysely));
  } finally {
    await database.close();
  }
}

describe('crash safety with real child processes killed by SIGKILL', () => {
  it('delivers inbox rows exactly once and webhooks at least once (duplicates share X-Tickler-Id) across a kill mid-run', async () => {
    const file = dir.file('app.db');
    await seed(file, 400, 40);
    let hung = '';
    const fifth = new Promise<void>((resolve) => {
      receiver.respond = (request, index) => {
        if (index === 4) {
          hung = String(request.headers['x-tickler-id']);
          resolve();
          return new Promise<number>(() => undefined); // in flight when the process dies
        }
        return 200;
      };
    });
    const first = spawnFixture(WORKER, [file, 'deliver', at(10_000), '50']);
    await Promise.race([fifth, first.exited]);
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const midway = await inspect(file, (db) =>
      sql<{
        status: string;
        channel: string;
        n: number;
      }>`select status, channel, count(*) as n from notification_deliveries group by status, channel order by channel, status`.execute(
        db,
      ),
    );
    expect(midway.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'webhook', status: 'sending' })]),
    );
    expect(midway.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'inbox', status: 'scheduled' })]),
    );

    receiver.respond = () => 200;
    // Restarted an hour later (past every lease, well inside the grace window).
    const second = spawnFixture(WORKER, [file, 'deliver', at(HOUR), '50']);
    await second.line((l) => l === 'done');
    expect((await second.exited).code).toBe(0);

    const after = await inspect(file, async (db) => ({
      statuses: (
        await sql<{
          status: string;
          channel: string;
          n: number;
        }>`select status, channel, count(*) as n from notification_deliveries group by status, channel order by channel`.execute(
          db,
        )
      ).rows,
      inboxPerDelivery: (
        await sql<{
          n: number;
          deliveries: number;
          rows: number;
        }>`select max(c) as n, count(*) as deliveries, sum(c) as rows from (select d.id, count(i.id) as c from notification_deliveries d left join notification_inbox i on i.notification_id = d.id where d.channel = 'inbox' group by d.id) per_delivery`.execute(
          db,
        )
      ).rows[0],
      webhookIds: (
        await db
          .selectFrom('notification_deliveries')
          .select('id')
          .where('channel', '=', 'webhook')
          .execute()
      ).map((r) => r.id),
    }));
    expect(after.statuses).toEqual([
      { status: 'sent', channel: 'inbox', n: 400 },
      { status: 'sent', channel: 'webhook', n: 40 },
    ]);
    expect(after.inboxPerDelivery).toEqual({ n: 1, deliveries: 400, rows: 400 });
    const seen = receiver.received.map((r) => String(r.headers['x-tickler-id']));
    expect(new Set(seen)).toEqual(new Set(after.webhookIds)); // every webhook at least once, nothing else
    expect(seen.filter((id) => id === hung).length).toBeGreaterThanOrEqual(2); // the in-flight one was redelivered
    for (const request of receiver.received) {
      expect(request.headers['idempotency-key']).toBe(request.headers['x-tickler-id']);
    }
  }, 60_000);

  it('a restart at the very instant of the kill takes over the dead process’s webhook claims at once (no lease wait)', async () => {
    const file = dir.file('app.db');
    await seed(file, 100, 20);
    const hung = new Promise<void>((resolve) => {
      receiver.respond = (_request, index) => {
        if (index === 2) {
          resolve();
          return new Promise<number>(() => undefined); // in flight when the process dies
        }
        return 200;
      };
    });
    const first = spawnFixture(WORKER, [file, 'deliver', at(10_000), '50']);
    await Promise.race([hung, first.exited]);
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const claimed = await inspect(file, (db) =>
      db
        .selectFrom('notification_deliveries')
        .select(['id', 'claimed_by', 'due_at'])
        .where('status', '=', 'sending')
        .execute(),
    );
    expect(claimed.length).toBeGreaterThan(0);
    // Every claim carries the dead process and a lease still running at the restart instant.
    expect(claimed.every((c) => c.claimed_by !== null && (c.due_at ?? '') > at(10_000))).toBe(true);

    receiver.respond = () => 200;
    const second = spawnFixture(WORKER, [file, 'serve', at(10_000), '50']);
    await second.line((l) => l === 'done');
    expect((await second.exited).code).toBe(0);
    const statuses = await inspect(file, (db) =>
      sql<{
        status: string;
        n: number;
      }>`select status, count(*) as n from notification_deliveries group by status`.execute(db),
    );
    expect(statuses.rows).toEqual([{ status: 'sent', n: 120 }]);
    const seen = new Set(receiver.received.map((r) => String(r.headers['x-tickler-id'])));
    expect(claimed.every((c) => seen.has(c.id))).toBe(true);
  }, 60_000);

  it('projects each sent event exactly once when the process dies right after the sending commit, and again mid-projection', async () => {
    const file = dir.file('app.db');
    await seed(file, 20, 0);
    const sender = spawnFixture(WORKER, [file, 'deliver-die', at(10_000)]);
    expect((await sender.exited).signal).toBe('SIGKILL');
    const committed = await inspect(file, async (db) => ({
      sent: (
        await sql<{
          n: number;
        }>`select count(*) as n from notification_deliveries where status = 'sent'`.execute(db)
      ).rows[0]?.n,
      log: (
        await sql<{ n: number }>`select count(*) as n from notification_delivery_log`.execute(db)
      ).rows[0]?.n,
    }));
    expect(committed).toEqual({ sent: 20, log: 0 });

    const dying = spawnFixture(WORKER, [file, 'project-die', at(HOUR)]);
    expect((await dying.exited).signal).toBe('SIGKILL');
    const partial = await inspect(file, (db) =>
      sql<{ n: number }>`select count(*) as n from notification_delivery_log`.execute(db),
    );
    // One queue row's events are projected in one transaction: the kill after the projector
    // wrote the row's log rows, before the commit, rolls the whole row back (ledger included),
    // so nothing of it is in the log yet.
    expect(partial.rows[0]?.n).toBe(0);

    for (const instant of [at(2 * HOUR), at(3 * HOUR)]) {
      const projector = spawnFixture(WORKER, [file, 'project', instant]);
      await projector.line((l) => l === 'done');
      expect((await projector.exited).code).toBe(0);
    }
    const log = await inspect(file, (db) =>
      sql<{
        rows: number;
        deliveries: number;
        events: number;
      }>`select count(*) as rows, count(distinct delivery_id) as deliveries, count(distinct event_id) as events from notification_delivery_log`.execute(
        db,
      ),
    );
    expect(log.rows[0]).toEqual({ rows: 20, deliveries: 20, events: 20 });
  }, 60_000);
});
