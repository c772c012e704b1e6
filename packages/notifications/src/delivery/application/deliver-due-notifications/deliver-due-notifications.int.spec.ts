import { CompiledQuery, sql } from 'kysely';
import { explainOnPostgres, REFERENCE_TIME, testBackend } from '@tickler/core/testing';
import { DeliverDueNotifications, type NotificationSentEvent } from '../../../index';
import { KyselyNotificationDeliveryRepository } from '../../infrastructure/kysely-notification-delivery.repository';
import { createNotificationsTestApp, deliveryRows, send, sendCommand } from '../../../testing';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();

describe('DeliverDueNotifications on SQLite', () => {
  it('sends an inbox delivery at exactly its instant through the wake-up, not a minute later', async () => {
    const { app, clock, db } = await createNotificationsTestApp();
    await clock.advance(0); // the job's catch-up run at start
    const sent: NotificationSentEvent[] = [];
    app.events.subscribe('notifications.sent', (e) => sent.push(e as NotificationSentEvent));
    const { delivery } = await send(app, { scheduledAt: at(1234) });
    expect(delivery.status).toBe('scheduled');
    await clock.advance(1233);
    expect(sent).toHaveLength(0);
    await clock.advance(1);
    expect(sent.map((e) => e.payload.deliveryId)).toEqual([delivery.id]);
    expect(sent[0]?.payload.sentAt).toBe(at(1234));
    const row = await deliveryRows(db).where('d.id', '=', delivery.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'sent',
      sent_at: at(1234),
      inbox_id: delivery.id,
      due_at: null,
      attempts: 1,
    });
    const inbox = await db.selectFrom('notification_inbox').selectAll().execute();
    expect(inbox).toEqual([
      expect.objectContaining({
        id: delivery.id,
        notification_id: delivery.id,
        recipient_id: 'alice',
        read_at: null,
      }),
    ]);
    await app.stop();
  });

  it('keeps a single wake-up row in the queue for 1,000 scheduled deliveries at 1,000 instants', async () => {
    const { app, clock, db } = await createNotificationsTestApp();
    await clock.advance(0);
    // Each send arms the wake-up on its own; a row per delivery (or per instant, minute, hour)
    // would show as hundreds of rows here as surely as with 10,000 (the count was 10,000 until
    // 2026-12-06: 5.4 s SQLite, 3.4 s PostgreSQL of the suites' CPU on a quiet machine).
    await app.uow.run(async () => {
      for (let i = 0; i < 1_000; i++) {
        await app.dispatch(
          sendCommand({ recipientId: `u${i % 50}`, scheduledAt: at(60_000 + i * 1000) }),
        );
      }
    });
    const wakeUps = await sql<{
      n: number;
      run_at: string;
    }>`select count(*) as n, min(run_at) as run_at from shared_scheduled_commands where command_type = 'notifications.deliver-due' and key = 'notifications.deliver-due:wake'`.execute(
      db,
    );
    expect(wakeUps.rows[0]).toEqual({ n: 1, run_at: at(60_000) });
    const all = await sql<{
      n: number;
    }>`select count(*) as n from shared_scheduled_commands`.execute(db);
    expect(all.rows[0]?.n).toBe(3); // the wake-up + the minutely safety net + the hourly prune
    await app.stop();
  });

  it('loads due rows through the partial index on due_at and their bodies by key, never a table scan', async () => {
    const { app, db } = await createNotificationsTestApp({ start: false });
    for (let i = 0; i < 50; i++) {
      await send(app, { scheduledAt: at(60_000 + i) });
    }
    await sql`analyze`.execute(db);
    const compiled = KyselyNotificationDeliveryRepository.dueQuery(
      { db: app.database.kysely },
      at(0),
      500,
    ).compile();
    if (testBackend() === 'postgres') {
      const text = await explainOnPostgres(app.database, compiled);
      expect(text).toContain('notification_deliveries_scheduled_due_at');
      expect(text).not.toMatch(/Seq Scan|Sort/);
      await app.stop();
      return;
    }
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toContain('USING INDEX notification_deliveries_scheduled_due_at');
    // `d` the state rows (by the partial index), `b` their bodies (each by its key).
    expect(details).not.toMatch(/SCAN (d|b)(?! USING)/);
    expect(details).toMatch(
      /SEARCH b USING INDEX sqlite_autoindex_notification_bodies_1 \(id=\?\)/,
    );
    expect(details).not.toContain('TEMP B-TREE');
    await app.stop();
  });

  it('drains more due rows than one batch, in bounded batches, and re-arms for the rest', async () => {
    const { app, clock, db } = await createNotificationsTestApp({
      start: false,
      batchSize: 100,
      maxBatchesPerRun: 3,
    });
    await app.uow.run(async () => {
      for (let i = 0; i < 450; i++) {
        await app.dispatch(sendCommand({ recipientId: `u${i % 7}`, scheduledAt: at(1000 + i) }));
      }
    });
    clock.set(at(10_000));
    const first = await app.dispatch(new DeliverDueNotifications());
    expect(first).toEqual({ sent: 300, missed: 0, failed: 0, dispatched: 0 });
    const wake = await sql<{
      run_at: string;
    }>`select run_at from shared_scheduled_commands where key = 'notifications.deliver-due:wake'`.execute(
      db,
    );
    expect(wake.rows).toEqual([{ run_at: at(1000) }]); // already at the earliest: stays, runs at once
    const second = await app.dispatch(new DeliverDueNotifications());
    expect(second.sent).toBe(150);
    const counts = await db
      .selectFrom('notification_inbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(450);
    await app.stop();
  });
});
