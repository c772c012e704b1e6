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
  BODY_CONTENT_COLUMNS,
  bodyRowOf,
  DELIVERY_BODY_COLUMNS,
  DELIVERY_STATE_COLUMNS,
  deliveryToDomain,
  deliveryToRow,
  SOURCED_COLUMNS,
  sourcedDeliveryOf,
  stateRowOf,
} from './notification-delivery.mapper';
import {
  type DeliveryBodyRow,
  type DeliveryRow,
  type DeliveryStateRow,
  type NotificationsTables,
} from '../../shared/infrastructure/notifications.tables';

const TABLE = 'notification_deliveries';
const BODIES = 'notification_bodies';
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

/**
 * The row each aggregate was loaded (or last saved) as, so `save` writes only what changed: an
 * edit of the body leaves the state columns it did not change alone, and a state change never
 * rewrites the body. Weak: an aggregate forgotten by its handler takes its entry with it.
 */
const loaded = new WeakMap<NotificationDelivery, DeliveryRow>();

/** Row → aggregate, remembered for {@link loaded}. */
function rehydrated(row: DeliveryRow): NotificationDelivery {
  const delivery = deliveryToDomain(row);
  loaded.set(delivery, deliveryToRow(delivery.snapshot()));
  return delivery;
}

/** The body's columns but its key, as read from the join (`b`). */
const BODY_SELECTION = BODY_CONTENT_COLUMNS.map((c) => `b.${c}` as const);

/** {@link SOURCED_COLUMNS}, each from its table of the join. */
const SOURCED_SELECTION = [
  'd.id',
  'd.recipient_id',
  'd.source_key',
  'd.source_rule',
  'd.status',
  'b.title',
  'b.message',
  'b.url',
  'd.scheduled_at',
  'b.event_at',
  'b.expires_at',
  'd.created_at',
] as const satisfies readonly `${'d' | 'b'}.${(typeof SOURCED_COLUMNS)[number]}`[];

/** The state rows (as `d`) joined with their bodies (as `b`): whole delivery rows. */
function joined(scope: Scope) {
  return q(scope)
    .selectFrom(`${TABLE} as d`)
    .innerJoin(`${BODIES} as b`, 'b.id', 'd.id')
    .selectAll('d')
    .select(BODY_SELECTION);
}

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
    const query = joined(scope).where('d.id', '=', id);
    const locked = options.forUpdate === true ? sqlDialectOf(scope.db).lockRows(query) : query;
    const row = await locked.executeTakeFirst();
    return row ? rehydrated(row) : undefined;
  }

  async findByIdempotencyKey(
    scope: Scope,
    recipientId: string,
    key: string,
  ): Promise<NotificationDelivery | undefined> {
    const row = await joined(scope)
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
    const before = loaded.get(delivery);
    const changed = (column: keyof DeliveryRow) => before?.[column] !== row[column];
    const state: Record<string, unknown> = { updated_at: row.updated_at };
    for (const column of DELIVERY_STATE_COLUMNS) {
      if (column !== 'id' && column !== 'created_at' && changed(column)) {
        state[column] = row[column];
      }
    }
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
    const body = BODY_CONTENT_COLUMNS.filter(changed);
    if (body.length > 0) {
      await q(scope)
        .updateTable(BODIES)
        .set(Object.fromEntries(body.map((column) => [column, row[column]])))
        .where('id', '=', delivery.id)
        .execute();
    }
    loaded.set(delivery, row);
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
    let query = joined(scope).where(SCHEDULED).where('d.due_at', '<=', now);
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
    let select = joined(scope).where('d.recipient_id', '=', query.recipientId);
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
    const rows = deliveries.map((d) => deliveryToRow(d.snapshot()));
    const dialect = dialectOf(scope.db);
    const states = rows.map(stateRowOf);
    const bodies = rows.map(bodyRowOf);
    const chunk = rowsPerStatement(DELIVERY_STATE_COLUMNS.length);
    for (let i = 0; i < rows.length; i += chunk) {
      await scope.db.executeQuery(insertRows(TABLE, states.slice(i, i + chunk), dialect));
      await scope.db.executeQuery(insertRows(BODIES, bodies.slice(i, i + chunk), dialect));
    }
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
      const rows = await joined(scope)
        .where('d.id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
        .execute();
      out.push(...rows.map(rehydrated));
    }
    return out;
  }

  async saveMany(scope: Scope, pending: readonly PendingSettlement[]): Promise<Set<string>> {
    const updated = new Set<string>();
    const dialect = dialectOf(scope.db);
    const groups = new Map<string, { expected: ExpectedState; rows: DeliveryRow[] }>();
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
      const chunk = rowsPerStatement(DELIVERY_STATE_COLUMNS.length);
      for (let i = 0; i < rows.length; i += chunk) {
        const slice = rows.slice(i, i + chunk);
        const statement = updateRows(TABLE, slice.map(stateRowOf), expected.status, dialect);
        const matched = new Set((await scope.db.executeQuery(statement)).rows.map((r) => r.id));
        // Bodies only of the rows whose guarded state update matched.
        const bodies = slice.filter((r) => matched.has(r.id)).map(bodyRowOf);
        if (bodies.length > 0) {
          await scope.db.executeQuery(updateRows(BODIES, bodies, null, dialect));
        }
        for (const id of matched) {
          updated.add(id);
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
