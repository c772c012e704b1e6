import { dialectOf, tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import { type Scope } from '../../shared/application/ports/scope';
import { type NotificationsTables } from '../../shared/infrastructure/notifications.tables';
import { type PrunedBatch, type RetentionStore } from '../application/ports/retention-store.port';

function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

/**
 * Retention's statements (SQLite and PostgreSQL), all in this file: the finished deliveries of a
 * batch by age (partial index `notification_deliveries_finished_updated_at`), then their
 * dependants by id (bodies included), then the rows; log entries by `seq` order (oldest first). Bounded deletes in
 * short transactions are what PostgreSQL's autovacuum keeps up with.
 */
@injectable()
export class KyselyRetentionStore implements RetentionStore {
  async pruneBatch(scope: Scope, cutoff: string, limit: number): Promise<PrunedBatch> {
    const db = q(scope);
    const rows = await db
      .selectFrom('notification_deliveries as d')
      .select('d.id')
      .where(sql<boolean>`d.status in ('sent', 'canceled', 'missed', 'failed')`)
      .where('d.updated_at', '<', cutoff)
      // A producer's row is its plan's tombstone (reconcile must not schedule it again) until
      // the plan withdrew its key.
      .where((eb) =>
        eb.or([
          eb('d.source_app', 'is', null),
          eb.exists(
            eb
              .selectFrom(sql.table('notification_withdrawals').as('w'))
              .select(sql.lit(1).as('one'))
              .where(sql.ref('w.delivery_id'), '=', sql.ref('d.id')),
          ),
        ]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_channel_sends as s')
              .select(sql.lit(1).as('one'))
              .whereRef('s.delivery_id', '=', 'd.id')
              .where(sql<boolean>`s.status in ('pending', 'sending')`),
          ),
        ),
      )
      .orderBy('d.updated_at')
      .limit(limit)
      .execute();
    const ids = rows.map((r) => r.id);
    let inboxItems = 0;
    let channelSends = 0;
    if (ids.length > 0) {
      inboxItems = count(
        await db.deleteFrom('notification_inbox').where('notification_id', 'in', ids).execute(),
      );
      channelSends = count(
        await db.deleteFrom('notification_channel_sends').where('delivery_id', 'in', ids).execute(),
      );
      await sql`delete from notification_withdrawals where delivery_id in (${sql.join(ids)})`.execute(
        scope.db,
      );
      await db.deleteFrom('notification_bodies').where('id', 'in', ids).execute();
      await db.deleteFrom('notification_deliveries').where('id', 'in', ids).execute();
    }
    const logEntries = count(
      await db
        .deleteFrom('notification_delivery_log')
        .where(
          'seq',
          'in',
          db
            .selectFrom('notification_delivery_log')
            .select('seq')
            .where('sent_at', '<', cutoff)
            .orderBy('seq')
            .limit(limit),
        )
        .execute(),
    );
    return { deliveries: ids.length, inboxItems, channelSends, logEntries };
  }

  async giveBackSpace(scope: Scope, most: number): Promise<number> {
    if (dialectOf(scope.db) !== 'sqlite') {
      return 0; // PostgreSQL: autovacuum reuses the space; nothing to give back by hand
    }
    const mode = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(scope.db);
    // 2 = incremental (every file made since issue 33): give back what the batches freed.
    if (Number(mode.rows[0]?.auto_vacuum) !== 2) {
      return 0;
    }
    const free = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(scope.db);
    const pages = Math.min(Number(free.rows[0]?.freelist_count ?? 0), most);
    // Through the driver each execution is one step, and a step of the pragma frees one page.
    for (let i = 0; i < pages; i++) {
      await sql`pragma incremental_vacuum(1)`.execute(scope.db);
    }
    return pages;
  }
}

function count(results: readonly { numDeletedRows: bigint }[]): number {
  return results.reduce((n, r) => n + Number(r.numDeletedRows), 0);
}
