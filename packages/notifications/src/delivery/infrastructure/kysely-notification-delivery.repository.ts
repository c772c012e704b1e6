import { dialectOf, ReusableQuery, sqlDialectOf, tablesOf } from '@tickler/core';
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
import { insertRows, rowsPerStatement, updateRows } from './delivery-bulk-statements';
import { settlementGroups } from './settlement-groups';
import {
  DELIVERY_COLUMNS,
  deliveryToDomain,
  deliveryToRow,
  SOURCED_COLUMNS,
  sourcedDeliveryOf,
} from './notification-delivery.mapper';
import {
  type DeliveryRow,
  type NewDeliveryRow,
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

/** One new row, compiled once: the hot path of every `SendNotification`. */
const INSERT = new ReusableQuery<DeliveryRow>(DELIVERY_COLUMNS, (db, row) =>
  tablesOf<NotificationsTables>(db).insertInto(TABLE).values(row),
);

/** kysely adapter of the delivery repository (SQLite; plain SQL that PostgreSQL also runs). */
@injectable()
export class KyselyNotificationDeliveryRepository implements NotificationDeliveryRepository {
  async insert(scope: Scope, delivery: NotificationDelivery): Promise<void> {
    await INSERT.execute(scope.db, deliveryToRow(delivery.snapshot()));
  }

  async findById(
    scope: Scope,
    id: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<NotificationDelivery | undefined> {
    const query = q(scope).selectFrom(TABLE).selectAll().where('id', '=', id);
    const locked = options.forUpdate === true ? sqlDialectOf(scope.db).lockRows(query) : query;
    const row = await locked.executeTakeFirst();
    return row ? deliveryToDomain(row) : undefined;
  }

  async findByIdempotencyKey(
    scope: Scope,
    recipientId: string,
    key: string,
  ): Promise<NotificationDelivery | undefined> {
    const row = await q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('recipient_id', '=', recipientId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? deliveryToDomain(row) : undefined;
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
      .where('recipient_id', '=', recipientId)
      .where('source_app', '=', source.app)
      .where('source_key', '=', source.key)
      .where(sql<string>`coalesce(source_rule, '')`, '=', source.rule ?? '')
      .executeTakeFirst();
    return row?.id;
  }

  async save(scope: Scope, delivery: NotificationDelivery, expected: ExpectedState): Promise<void> {
    const { id: _id, created_at: _created, ...changes } = deliveryToRow(delivery.snapshot());
    const update = q(scope)
      .updateTable(TABLE)
      .set(changes)
      .where('id', '=', delivery.id)
      .where('status', '=', expected.status);
    const result = await update.executeTakeFirst();
    const matched = Number(result.numUpdatedRows);
    if (matched !== 1) {
      throw new NotificationConcurrentUpdateError(1, matched);
    }
  }

  async settleMany(scope: Scope, settlements: readonly PendingSettlement[]): Promise<Set<string>> {
    const updated = new Set<string>();
    for (const group of settlementGroups(settlements)) {
      for (let i = 0; i < group.ids.length; i += IDS_PER_STATEMENT) {
        const ids = group.ids.slice(i, i + IDS_PER_STATEMENT);
        const update = q(scope)
          .updateTable(TABLE)
          .set(group.set)
          .where('id', 'in', ids)
          .where('status', '=', group.expected.status);
        for (const row of await update.returning('id').execute()) {
          updated.add(row.id);
        }
      }
    }
    return updated;
  }

  async findDue(
    scope: Scope,
    now: string,
    limit: number,
    id?: string,
  ): Promise<NotificationDelivery[]> {
    const rows = await KyselyNotificationDeliveryRepository.dueQuery(
      scope,
      now,
      limit,
      id,
    ).execute();
    return rows.map(deliveryToDomain);
  }

  /**
   * The dispatcher's read, exposed so a test can check its query plan. On PostgreSQL it locks
   * the rows it returns and skips rows another process's batch holds (`FOR UPDATE SKIP
   * LOCKED`, held until that batch commits): two dispatchers never load the same due row,
   * and the status-guarded UPDATEs stay as the fence. SQLite's single writer needs neither.
   */
  static dueQuery(scope: Scope, now: string, limit: number, id?: string) {
    let query = q(scope).selectFrom(TABLE).selectAll().where(SCHEDULED).where('due_at', '<=', now);
    if (id !== undefined) {
      query = query.where('id', '=', id);
    }
    const ordered = query.orderBy('due_at').limit(limit);
    return sqlDialectOf(scope.db).claimRows(ordered);
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
    let select = q(scope)
      .selectFrom(TABLE)
      .selectAll()
      .where('recipient_id', '=', query.recipientId);
    if (query.status !== undefined) {
      select = select.where('status', '=', query.status);
    }
    if (query.since !== undefined) {
      select = select.where('sort_at', '>=', query.since);
    }
    const after = query.after;
    if (after) {
      select = select.where((eb) =>
        eb.or([
          eb('sort_at', '>', after.sortAt),
          eb.and([eb('sort_at', '=', after.sortAt), eb('id', '>', after.id)]),
        ]),
      );
    }
    const rows = await select.orderBy('sort_at').orderBy('id').limit(query.limit).execute();
    return rows.map(deliveryToDomain);
  }

  async insertMany(scope: Scope, deliveries: readonly NotificationDelivery[]): Promise<void> {
    const rows = deliveries.map((d) => deliveryToRow(d.snapshot()));
    const chunk = rowsPerStatement(Object.keys(rows[0] ?? {}).length);
    for (let i = 0; i < rows.length; i += chunk) {
      await scope.db.executeQuery(insertRows(rows.slice(i, i + chunk), dialectOf(scope.db)));
    }
  }

  async findBySourceApp(scope: Scope, sourceApp: string): Promise<SourcedDelivery[]> {
    const rows = await q(scope)
      .selectFrom(TABLE)
      .select(SOURCED_COLUMNS)
      .where('source_app', '=', sourceApp)
      .execute();
    return rows.map(sourcedDeliveryOf);
  }

  async findByIds(scope: Scope, ids: readonly string[]): Promise<NotificationDelivery[]> {
    const out: NotificationDelivery[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const rows = await q(scope)
        .selectFrom(TABLE)
        .selectAll()
        .where('id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
        .execute();
      out.push(...rows.map(deliveryToDomain));
    }
    return out;
  }

  async saveMany(scope: Scope, pending: readonly PendingSettlement[]): Promise<Set<string>> {
    const updated = new Set<string>();
    const groups = new Map<string, { expected: ExpectedState; rows: NewDeliveryRow[] }>();
    for (const { delivery, expected } of pending) {
      const key = expected.status;
      let group = groups.get(key);
      if (!group) {
        group = { expected, rows: [] };
        groups.set(key, group);
      }
      group.rows.push(deliveryToRow(delivery.snapshot()));
    }
    for (const { expected, rows } of groups.values()) {
      const chunk = rowsPerStatement(Object.keys(rows[0] ?? {}).length);
      for (let i = 0; i < rows.length; i += chunk) {
        const statement = updateRows(
          rows.slice(i, i + chunk),
          expected.status,
          dialectOf(scope.db),
        );
        for (const row of (await scope.db.executeQuery(statement)).rows) {
          updated.add(row.id);
        }
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
    return Number(result.numDeletedRows) === 1;
  }

  async deleteSettled(scope: Scope, ids: readonly string[]): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const result = await q(scope)
        .deleteFrom(TABLE)
        .where('id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
        .where(SETTLED)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }
}
