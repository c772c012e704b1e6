import { type Application, dialectOf } from '@tickler/core';
import { createTempDirectory, REFERENCE_TIME, type TempDirectory } from '@tickler/core/testing';
import { sql } from 'kysely';
import { CancelNotification, PruneExpired, SendNotifications } from '../src';
import {
  createNotificationsTestApp,
  type NotificationsTestApp,
  send,
  sendCommand,
} from '../src/testing';

// Issue 33 item 3: TICKLER_RETENTION. Finished rows older than the window go, in bounded
// batches, by an hourly repeatable job; live rows and a producer's tombstones stay.

const DAY = 86_400_000;
let dir: TempDirectory;
const apps: Application[] = [];
beforeEach(() => {
  dir = createTempDirectory('tickler-retention-');
});
afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.stop();
  }
  dir.remove();
});

async function boot(): Promise<NotificationsTestApp> {
  const t = await createNotificationsTestApp({
    file: dir.file('retention.db'),
    retention: '1d',
    start: false,
  });
  apps.push(t.app);
  return t;
}

const ids = async (t: NotificationsTestApp) =>
  (await t.db.selectFrom('notification_deliveries').select('id').execute()).map((r) => r.id).sort();

describe('retention: PruneExpired', () => {
  it('removes finished deliveries past the window with their inbox rows and log entries; keeps live rows, recent ones and a producer’s tombstones', async () => {
    const t = await boot();
    const oldSent = (await send(t.app, { title: 'old' })).delivery.id;
    const oldCanceled = (await send(t.app, { scheduledAt: '2030-01-01T00:00:00.000Z' })).delivery
      .id;
    await t.app.dispatch(
      Object.assign(new CancelNotification(), { recipientId: 'alice', id: oldCanceled }),
    );
    const tombstone = (await send(t.app, { title: 'from the calendar' })).delivery.id;
    await t.db
      .updateTable('notification_deliveries')
      .set({ source_app: 'calendar', source_key: 'event-1' })
      .where('id', '=', tombstone)
      .execute();
    const live = (await send(t.app, { scheduledAt: '2030-01-01T00:00:00.000Z' })).delivery.id;
    await t.clock.advance(2 * DAY);
    const recent = (await send(t.app, { title: 'recent' })).delivery.id;

    const logged = await t.db
      .selectFrom('notification_delivery_log')
      .select('delivery_id')
      .execute();
    expect(logged.map((r) => r.delivery_id).sort()).toEqual([oldSent, tombstone, recent].sort());

    const result = await t.app.dispatch(new PruneExpired());

    expect(result).toMatchObject({ deliveries: 2, inboxItems: 1, more: false });
    expect(await ids(t)).toEqual([tombstone, live, recent].sort());
    const inbox = await t.db.selectFrom('notification_inbox').select('notification_id').execute();
    expect(inbox.map((r) => r.notification_id).sort()).toEqual([tombstone, recent].sort());
    // The sends logged themselves: the old sent one and the old tombstone go, the recent one stays.
    expect(result.logEntries).toBe(2);
    const log = await t.db.selectFrom('notification_delivery_log').select('delivery_id').execute();
    expect(log.map((r) => r.delivery_id)).toEqual([recent]);
    // A second run finds nothing: idempotent.
    expect(await t.app.dispatch(new PruneExpired())).toMatchObject({ deliveries: 0 });
  });

  it('a withdrawn producer row is no tombstone any more: it goes with its withdrawal', async () => {
    const t = await boot();
    const withdrawn = (await send(t.app, { scheduledAt: '2030-01-01T00:00:00.000Z' })).delivery.id;
    await t.app.dispatch(
      Object.assign(new CancelNotification(), { recipientId: 'alice', id: withdrawn }),
    );
    await t.db
      .updateTable('notification_deliveries')
      .set({ source_app: 'calendar', source_key: 'gone' })
      .where('id', '=', withdrawn)
      .execute();
    await sql`insert into notification_withdrawals (delivery_id, withdrawn_at) values (${withdrawn}, ${REFERENCE_TIME})`.execute(
      t.app.database.kysely,
    );
    await t.clock.advance(2 * DAY);
    expect(await t.app.dispatch(new PruneExpired())).toMatchObject({ deliveries: 1 });
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from notification_withdrawals`.execute(t.app.database.kysely);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('prunes in bounded batches of 1,000 and gives the file’s pages back (SQLite incremental vacuum)', async () => {
    const t = await boot();
    const body = 'x'.repeat(2_000);
    // Seeded in one bulk send (the rows are what 2,100 single sends make: a sent delivery and
    // its inbox row each): one by one they were most of this test's CPU, and the subject here
    // is the prune, not the send.
    await t.app.dispatch(
      Object.assign(new SendNotifications(), {
        items: Array.from({ length: 2_100 }, (_, i) =>
          sendCommand({ title: `n${i}`, message: body }),
        ),
      }),
    );
    await t.clock.advance(2 * DAY);
    const pages = async () => {
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(
        t.app.database.kysely,
      );
      return Number(rows[0]?.page_count);
    };
    const sqlite = dialectOf(t.app.database.kysely) === 'sqlite';
    const before = sqlite ? await pages() : 0;
    expect(await t.app.dispatch(new PruneExpired())).toMatchObject({
      deliveries: 2_100,
      inboxItems: 2_100,
      more: false,
    });
    expect(await ids(t)).toEqual([]);
    if (sqlite) {
      // Without the incremental vacuum the file keeps every page (freelist); with it, it shrinks.
      expect(await pages()).toBeLessThan(before / 2);
    }
  }, 180_000);

  it('is the context’s hourly repeatable job', async () => {
    const t = await boot();
    const job = await sql<{
      repeat_every_ms: number;
    }>`select repeat_every_ms from shared_scheduled_commands where key = ${'job:notifications:notifications.prune-expired'}`.execute(
      t.app.database.kysely,
    );
    expect(job.rows.map((r) => Number(r.repeat_every_ms))).toEqual([3_600_000]);
  });
});
