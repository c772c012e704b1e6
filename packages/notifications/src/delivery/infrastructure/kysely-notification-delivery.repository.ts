import { ReusableQuery, sqlDialectOf, tablesOf } from '@tickler/core';
import { injectable } from 'inversify';
import { type Kysely, sql } from 'kysely';
import {
  type ExpectedState,
  type ListDeliveriesQuery,
  type NotificationDeliveryRepository,
  type PendingSettlement,
  type SourcedDelivery,
} from '../application/ports/notification-delivery.repository';
import { type Scope } from '../../shared/application/ports/scope';
import { type NotificationDelivery } from '../domain/notification-delivery.entity';
import { type NotificationStatus } from '../../shared/domain/notification-status';
import { NotificationConcurrentUpdateError } from '../../shared/domain/notification.errors';
import { insertDeliveries, updateDeliveries } from './delivery-bulk-statements';
import { settle } from './settlement-groups';
import {
  bodyRowOf,
  DELIVERY_BODY_COLUMNS,
  DELIVERY_STATE_COLUMNS,
  deliveryToRow,
  sourcedDeliveryOf,
  stateRowOf,
} from './notification-delivery.mapper';
import {
  BODIES,
  changesSinceLoaded,
  joined,
  loaded,
  rehydrated,
  SOURCED_SELECTION,
} from './delivery-joined-reads';
import {
  type DeliveryBodyRow,
  type DeliveryRow,
  type DeliveryStateRow,
  type NotificationsTables,
} from '../../shared/infrastructure/notifications.tables';

const TABLE = 'notification_deliveries';
/**
 * Literal on purpose: SQLite uses a partial index only when the query's predicate implies the
 * index's, which it cannot prove for bound parameters.
 */
const SCHEDULED = sql<boolean>`status = 'scheduled'`;
/** The four terminal statuses: only these may be pruned. */
const SETTLED = sql<boolean>`status in ('sent', 'canceled', 'missed', 'failed')`;
/** Ids per UPDATE ... IN (...) statement: well under SQLite's 32,766 bound parameters. */
const IDS_PER_STATEMENT = 1000;
function q(scope: Scope): Kysely<NotificationsTables> {
  return tablesOf<NotificationsTables>(scope.db);
}

/** One new state row, compiled once: the hot path of every `SendNotification`. */
const INSERT_STATE = new ReusableQuery<DeliveryStateRow>(DELIVERY_STATE_COLUMNS, (db, row) =>
  tablesOf<NotificationsTables>(db).insertInto(TABLE).values(row),
);
/** Its body row, in the same transaction. */
const INSERT_BODY = new ReusableQuery<DeliveryBodyRow>(DELIVERY_BODY_COLUMNS, (db, row) =>
  tablesOf<NotificationsTables>(db).insertInto(BODIES).values(row),
);

/** kysely adapter of the delivery repository (SQLite; plain SQL that PostgreSQL also runs). */
@injectable()
export class KyselyNotificationDeliveryRepository implements NotificationDeliveryRepository {
  async insert(scope: Scope, delivery: NotificationDelivery): Promise<void> {
    const row = deliveryToRow(delivery.snapshot());
    await INSERT_STATE.execute(scope.db, stateRowOf(row));
    await INSERT_BODY.execute(scope.db, bodyRowOf(row));
    loaded.set(delivery, row);
  }

  async findById(
    scope: Scope,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<NotificationDelivery | undefined> {
    const query = joined(scope.db).where('d.id', '=', id);
    const locked = options.forUpdate === true ? sqlDialectOf(scope.db).lockRows(query) : query;
    const row = await locked.executeTakeFirst();
    return row ? rehydrated(row) : undefined;
  }

  async findByIdempotencyKey(
    scope: Scope,
    recipientId: string,
    key: string,
  ): Promise<NotificationDelivery | undefined> {
    const row = await joined(scope.db)
      .where('d.recipient_id', '=', recipientId)
      .where('d.idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? rehydrated(row) : undefined;
  }

  async findIdBySourceKey(
    scope: Scope,
    recipientId: string,
    source: { app: string; key: string; rule: string | null },
  ): Promise<string | undefined> {
    // Same expression as the unique index (coalesce on the nullable rule) so it is used.
    const row = await q(scope)
      .selectFrom(TABLE)
      .select('id')
      .where('source_app', '=', source.app)
      .where('recipient_id', '=', recipientId)
      .where('source_key', '=', source.key)
      .where(sql<string>`coalesce(source_rule, '')`, '=', source.rule ?? '')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Writes the columns that changed since the aggregate was loaded: the state row always (its
   * guarded UPDATE is the fence), the body row only when the body changed.
   */
  async save(scope: Scope, delivery: NotificationDelivery, expected: ExpectedState): Promise<void> {
    const row = deliveryToRow(delivery.snapshot());
    const { state, body } = changesSinceLoaded(delivery, row);
    const result = await q(scope)
      .updateTable(TABLE)
      .set(state)
      .where('id', '=', delivery.id)
      .where('status', '=', expected.status)
      .executeTakeFirst();
    const matched = Number(result.numUpdatedRows);
    if (matched !== 1) {
      throw new NotificationConcurrentUpdateError(1, matched);
    }
    if (body !== undefined) {
      await q(scope).updateTable(BODIES).set(body).where('id', '=', delivery.id).execute();
    }
    loaded.set(delivery, row);
  }

  async settleMany(scope: Scope, settlements: readonly PendingSettlement[]): Promise<Set<string>> {
    const updated = await settle(q(scope), settlements);
    for (const { delivery } of settlements) {
      loaded.delete(delivery); // a later `save` of it writes every column again
    }
    return updated;
  }

  async findDue(
    scope: Scope,
    now: string,
    limit: number,
    id?: string,
  ): Promise<NotificationDelivery[]> {
    const query = KyselyNotificationDeliveryRepository.dueQuery(scope, now, limit, id);
    // Planned in the partial index's order whatever the statistics say (SqlDialect.inIndexOrder:
    // a backlog is exactly when they mislead the planner into sorting all of it per batch).
    const rows = await sqlDialectOf(scope.db).inIndexOrder(scope.db, () => query.execute());
    return rows.map(rehydrated);
  }

  /**
   * The dispatcher's read, exposed so a test can check its query plan: the due state rows
   * (partial index on `due_at`) joined with their bodies, one statement for the whole batch.
   * On PostgreSQL it locks the state rows it returns and skips rows another process's batch
   * holds (`FOR UPDATE OF d SKIP LOCKED`, held until that batch commits): two dispatchers never
   * load the same due row, and the status-guarded UPDATEs stay as the fence. The bodies are
   * only read, never locked. SQLite's single writer needs neither.
   */
  static dueQuery(scope: Scope, now: string, limit: number, id?: string) {
    let query = joined(scope.db).where(SCHEDULED).where('d.due_at', '<=', now);
    if (id !== undefined) {
      query = query.where('d.id', '=', id);
    }
    const ordered = query.orderBy('d.due_at').limit(limit);
    return sqlDialectOf(scope.db).claimRows(ordered, 'd');
  }

  async nextDueAt(scope: Scope): Promise<string | undefined> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .select('due_at')
      .where(SCHEDULED)
      .orderBy('due_at')
      .limit(1)
      .executeTakeFirst();
    return row?.due_at ?? undefined;
  }

  async list(scope: Scope, query: ListDeliveriesQuery): Promise<NotificationDelivery[]> {
    let select = joined(scope.db).where('d.recipient_id', '=', query.recipientId);
    if (query.status !== undefined) {
      select = select.where('d.status', '=', query.status);
    }
    if (query.since !== undefined) {
      select = select.where('d.sort_at', '>=', query.since);
    }
    const after = query.after;
    if (after) {
      select = select.where((eb) =>
        eb.or([
          eb('d.sort_at', '>', after.sortAt),
          eb.and([eb('d.sort_at', '=', after.sortAt), eb('d.id', '>', after.id)]),
        ]),
      );
    }
    const rows = await select.orderBy('d.sort_at').orderBy('d.id').limit(query.limit).execute();
    return rows.map(rehydrated);
  }

  async insertMany(scope: Scope, deliveries: readonly NotificationDelivery[]): Promise<void> {
    await insertDeliveries(
      scope.db,
      deliveries.map((d) => deliveryToRow(d.snapshot())),
    );
  }

  async findBySourceApp(scope: Scope, sourceApp: string): Promise<SourcedDelivery[]> {
    const rows = await q(scope)
      .selectFrom(`${TABLE} as d`)
      .innerJoin(`${BODIES} as b`, 'b.id', 'd.id')
      .select(SOURCED_SELECTION)
      .where('d.source_app', '=', sourceApp)
      .execute();
    return rows.map(sourcedDeliveryOf);
  }

  async findByIds(scope: Scope, ids: readonly string[]): Promise<NotificationDelivery[]> {
    const out: NotificationDelivery[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const rows = await joined(scope.db)
        .where('d.id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
        .execute();
      out.push(...rows.map(rehydrated));
    }
    return out;
  }

  async saveMany(scope: Scope, pending: readonly PendingSettlement[]): Promise<Set<string>> {
    const updated = new Set<string>();
    const groups = new Map<string, DeliveryRow[]>();
    for (const { delivery, expected } of pending) {
      loaded.delete(delivery); // a later `save` of it writes every column again
      const rows = groups.get(expected.status) ?? [];
      rows.push(deliveryToRow(delivery.snapshot()));
      groups.set(expected.status, rows);
    }
    for (const [expectedStatus, rows] of groups) {
      for (const id of await updateDeliveries(scope.db, rows, expectedStatus)) {
        updated.add(id);
      }
    }
    return updated;
  }

  async countByStatus(scope: Scope): Promise<Partial<Record<NotificationStatus, number>>> {
    const rows = await q(scope)
      .selectFrom(TABLE)
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    // PostgreSQL's count is int8: the pool's type parser hands it over as a number.
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  async deleteOne(
    scope: Scope,
    id: string,
    expected: { status: NotificationStatus },
  ): Promise<boolean> {
    const result = await q(scope)
      .deleteFrom(TABLE)
      .where('id', '=', id)
      .where('status', '=', expected.status)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) {
      return false;
    }
    await q(scope).deleteFrom(BODIES).where('id', '=', id).execute();
    return true;
  }

  async deleteSettled(scope: Scope, ids: readonly string[]): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const gone = await q(scope)
        .deleteFrom(TABLE)
        .where('id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
        .where(SETTLED)
        .returning('id')
        .execute();
      if (gone.length > 0) {
        const goneIds = gone.map((r) => r.id);
        await q(scope).deleteFrom(BODIES).where('id', 'in', goneIds).execute();
      }
      deleted += gone.length;
    }
    return deleted;
  }
}
