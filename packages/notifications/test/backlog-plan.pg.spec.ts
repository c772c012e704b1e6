// PostgreSQL only: SQLite's planner takes the partial index whatever it knows of the rows (the
// plan test in deliver-due-notifications.int.spec.ts covers it).
import { CompiledQuery, sql } from 'kysely';
import { ManualClock, sqlDialectFor } from '@tickler/core';
import {
  createTempDirectory,
  createTestApplication,
  openTestDatabase,
  REFERENCE_TIME,
} from '@tickler/core/testing';
import { notificationsContext } from '../src/context';
import { DeliverDueNotifications, SendNotification, SendNotifications } from '../src';
import { KyselyNotificationDeliveryRepository } from '../src/delivery/infrastructure/kysely-notification-delivery.repository';

const at = (ms: number): string => new Date(Date.parse(REFERENCE_TIME) + ms).toISOString();
const N = 20_000;

/**
 * A backlog is exactly when the planner's statistics lie: rows analysed while they were still
 * in the future, then all due at once (a downtime, a bulk re-time), or a table filled in bulk
 * and not analysed yet. Planned by those statistics, the due read expected a handful of rows
 * and hashed and sorted the whole backlog for every batch of 500 (the PostgreSQL bench:
 * 70–500 ms per read of a 50k backlog, a drain quadratic in its size).
 */
describe('the due read on a backlog the statistics do not know of (PostgreSQL)', () => {
  it('walks the partial index in due order, sorting and hashing nothing, in every batch', async () => {
    const dir = createTempDirectory();
    const statements: string[] = [];
    const contexts = [notificationsContext()];
    // Not started: nothing fires until the test dispatches the run itself.
    const clock = new ManualClock(REFERENCE_TIME);
    const { app } = await createTestApplication(contexts, {
      clock,
      database: await openTestDatabase({
        file: dir.file('app.db'),
        contexts,
        onStatement: (text) => statements.push(text),
      }),
    });
    const db = app.database.kysely;
    // The bench's case: a table filled in bulk that nobody has analysed yet (autovacuum off for
    // these two tables of this test's own schema, so it stays so while the test runs).
    for (const table of ['notification_deliveries', 'notification_bodies']) {
      await sql`alter table ${sql.table(table)} set (autovacuum_enabled = false)`.execute(db);
    }
    for (let start = 0; start < N; start += 1_000) {
      const items = Array.from({ length: 1_000 }, (_, i) =>
        Object.assign(new SendNotification(), {
          recipientId: `u${(start + i) % 97}`,
          title: `n${start + i}`,
          message: 'm',
          scheduledAt: at(60_000 + start + i),
        }),
      );
      await app.dispatch(Object.assign(new SendNotifications(), { items }));
    }
    clock.set(at(3_600_000));

    // The read as the dispatcher plans it: index order, no sort, no hash, no bitmap.
    const compiled = KyselyNotificationDeliveryRepository.dueQuery(
      { db },
      at(3_600_000),
      500,
    ).compile();
    const plan = await db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      try {
        return await sqlDialectFor('postgres').inIndexOrder(connection, async () => {
          const result = await connection.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
          );
          return result.rows.map((row) => row['QUERY PLAN']).join('\n');
        });
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
    expect(plan).toMatch(/Index Scan using notification_deliveries_scheduled_due_at/);
    expect(plan).not.toMatch(/Sort|Hash|Bitmap|Seq Scan/);

    // And the dispatcher plans each of its due reads so: a run of 20 batches of 500.
    statements.length = 0;
    const result = await app.dispatch(new DeliverDueNotifications());
    expect(result).toMatchObject({ sent: 10_000 });
    const reads = statements
      .map((text, i) => ({ text, i }))
      .filter(({ text }) => /from "notification_deliveries" as "d"/.test(text));
    expect(reads).toHaveLength(20);
    for (const { i } of reads) {
      expect(statements[i - 1]).toMatch(/^set local enable_sort = off/);
      expect(statements[i + 1]).toMatch(/^set local enable_sort to default/);
    }
    await app.stop();
    dir.remove();
  }, 120_000);
});
