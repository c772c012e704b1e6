import path from 'node:path';
import { Application, ManualClock, tablesOf } from '@tickler/core';
import { createTempDirectory, openTestDatabase, type TempDirectory } from '@tickler/core/testing';
import { sql } from 'kysely';
import { notificationsContext } from '../src/context';
import { type NotificationsTables } from '../src/shared/infrastructure/notifications.tables';
import { sendCommand } from '../src/testing';
import { UpdatePreferences } from '../src';
import { warmWorkers } from './warm-workers';

const workers = warmWorkers(path.join(__dirname, 'fixtures/notifications-worker.ts'));
const T0 = '2026-09-10T08:00:00.000Z';
const at = (ms: number): string => new Date(Date.parse(T0) + ms).toISOString();
const HOUR = 3_600_000;

let dir: TempDirectory;

beforeEach(() => {
  dir = createTempDirectory('tickler-notifications-');
});

afterEach(() => {
  dir.remove();
});

/**
 * Seeds `count` inbox deliveries due at interleaved instants before `at(1000)`, for 13 people;
 * `muted` of them turned their inbox off for reminders they made.
 */
async function seed(file: string, count: number, muted: readonly string[] = []): Promise<void> {
  const clock = new ManualClock(T0);
  const app = await Application.create({
    database: await openTestDatabase({ file }),
    contexts: [notificationsContext()],
    clock,
  });
  for (const recipientId of muted) {
    await app.dispatch(
      Object.assign(new UpdatePreferences(), {
        recipientId,
        preferences: [{ source: '@person', channel: 'inbox', enabled: false }],
      }),
    );
  }
  await app.uow.run(async () => {
    for (let i = 0; i < count; i++) {
      await app.dispatch(
        sendCommand({ recipientId: `user${i % 13}`, title: `n${i}`, scheduledAt: at(1 + i) }),
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
  it('delivers inbox rows exactly once across a kill between batches', async () => {
    const file = dir.file('app.db');
    await seed(file, 400);
    const first = workers.spawn([file, 'deliver', at(10_000), '50', '3']);
    await first.line((l) => l.startsWith('batch 3 '));
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const midway = await inspect(file, (db) =>
      sql<{
        status: string;
        n: number;
      }>`select status, count(*) as n from notification_deliveries group by status order by status`.execute(
        db,
      ),
    );
    expect(midway.rows.map((r) => r.status)).toEqual(['scheduled', 'sent']);

    // Restarted an hour later (well inside the grace window).
    const second = workers.spawn([file, 'deliver', at(HOUR), '50']);
    await second.line((l) => l === 'done');
    expect((await second.exited).code).toBe(0);
    const after = await inspect(file, async (db) => ({
      statuses: (
        await sql<{
          status: string;
          n: number;
        }>`select status, count(*) as n from notification_deliveries group by status`.execute(db)
      ).rows,
      inboxPerDelivery: (
        await sql<{
          n: number;
          deliveries: number;
          rows: number;
        }>`select max(c) as n, count(*) as deliveries, sum(c) as rows from (select d.id, count(i.id) as c from notification_deliveries d left join notification_inbox i on i.notification_id = d.id group by d.id) per_delivery`.execute(
          db,
        )
      ).rows[0],
    }));
    expect(after.statuses).toEqual([{ status: 'sent', n: 400 }]);
    expect(after.inboxPerDelivery).toEqual({ n: 1, deliveries: 400, rows: 400 });
  }, 60_000);

  it('logs each sent delivery in its sending commit: a kill just before that commit leaves neither, a kill right after it leaves both', async () => {
    const file = dir.file('app.db');
    await seed(file, 20);
    const sentAndLogged = (): Promise<{ sent: unknown; log: unknown }> =>
      inspect(file, async (db) => ({
        sent: (
          await sql<{
            n: number;
          }>`select count(*) as n from notification_deliveries where status = 'sent'`.execute(db)
        ).rows[0]?.n,
        log: (
          await sql<{ n: number }>`select count(*) as n from notification_delivery_log`.execute(db)
        ).rows[0]?.n,
      }));

    // Killed inside the sending transaction, after the log rows were written: nothing of it.
    const beforeCommit = workers.spawn([file, 'log-die', at(10_000)]);
    expect((await beforeCommit.exited).signal).toBe('SIGKILL');
    expect(await sentAndLogged()).toEqual({ sent: 0, log: 0 });

    // Killed right after the sending commit: every sent delivery is logged, with no queue row
    // left to project it.
    const afterCommit = workers.spawn([file, 'deliver-die', at(20_000)]);
    expect((await afterCommit.exited).signal).toBe('SIGKILL');
    expect(await sentAndLogged()).toEqual({ sent: 20, log: 20 });

    const again = workers.spawn([file, 'deliver', at(HOUR)]);
    await again.line((l) => l === 'done');
    expect((await again.exited).code).toBe(0);
    const log = await inspect(file, (db) =>
      sql<{
        rows: number;
        deliveries: number;
        events: number;
        queued: number;
      }>`select count(*) as rows, count(distinct delivery_id) as deliveries, count(distinct event_id) as events, (select count(*) from shared_event_rows) as queued from notification_delivery_log`.execute(
        db,
      ),
    );
    expect(log.rows[0]).toEqual({ rows: 20, deliveries: 20, events: 20, queued: 0 });
  }, 60_000);

  it('settles reminders whose every channel is off exactly once across a kill between batches: never sent, never lost', async () => {
    const file = dir.file('app.db');
    const muted = ['user0', 'user1', 'user2', 'user3', 'user4'];
    await seed(file, 400, muted);
    const first = workers.spawn([file, 'deliver', at(10_000), '50', '3']);
    await first.line((l) => l.startsWith('batch 3 '));
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const second = workers.spawn([file, 'deliver', at(HOUR), '50']);
    await second.line((l) => l === 'done');
    expect((await second.exited).code).toBe(0);
    const rows = await inspect(file, (db) =>
      sql<{
        mine: number;
        status: string;
        reason: string | null;
        n: number;
        inbox: number;
      }>`select case when d.recipient_id in ('user0','user1','user2','user3','user4') then 1 else 0 end as mine, d.status, d.missed_reason as reason, count(*) as n, count(i.id) as inbox from notification_deliveries d left join notification_inbox i on i.notification_id = d.id group by 1, 2, 3 order by 1`.execute(
        db,
      ),
    );
    // The seed deals the 400 round-robin over user0..user12.
    const mutedCount = Array.from({ length: 400 }, (_, i) => i % 13).filter((u) => u < 5).length;
    expect(rows.rows.map((r) => ({ ...r, mine: Number(r.mine) }))).toEqual([
      { mine: 0, status: 'sent', reason: null, n: 400 - mutedCount, inbox: 400 - mutedCount },
      { mine: 1, status: 'missed', reason: 'preferences', n: mutedCount, inbox: 0 },
    ]);
  }, 60_000);
});
