import { type Kysely, sql } from 'kysely';
import {
  type ExpectedState,
  type PendingSettlement,
} from '../application/ports/notification-delivery.repository';
import { deliveryToRow, STATE_COLUMNS, type StateColumn } from './notification-delivery.mapper';
import {
  type NewDeliveryRow,
  type NotificationsTables,
} from '../../shared/infrastructure/notifications.tables';

/** Marks a state value equal to the row's own id (inbox id = delivery id), so it groups. */
const SAME_AS_ID = '\u0000id';

/**
 * Settlements that write the same state columns from the same expected state: one
 * `UPDATE … SET <set> WHERE id IN (<ids>) AND status = <expected>` settles them all.
 */
export interface SettlementGroup {
  readonly expected: ExpectedState;
  /** The state columns to write; an inbox id equal to the row's id is `sql.ref('id')`. */
  readonly set: Partial<NewDeliveryRow>;
  readonly ids: string[];
}

/**
 * Buckets settlements whose state columns (and expected state) are identical, so a batch of
 * 500 deliveries that all went `scheduled → sent` is a handful of statements, not 500.
 */
export function settlementGroups(settlements: readonly PendingSettlement[]): SettlementGroup[] {
  const groups = new Map<
    string,
    { expected: ExpectedState; values: Record<StateColumn, unknown>; ids: string[] }
  >();
  for (const { delivery, expected } of settlements) {
    const row = deliveryToRow(delivery.snapshot());
    const values = {} as Record<StateColumn, unknown>;
    for (const column of STATE_COLUMNS) {
      const value = row[column];
      values[column] = value === row.id ? SAME_AS_ID : value;
    }
    const key = JSON.stringify([expected.status, ...STATE_COLUMNS.map((c) => values[c])]);
    let group = groups.get(key);
    if (!group) {
      group = { expected, values, ids: [] };
      groups.set(key, group);
    }
    group.ids.push(row.id);
  }
  return [...groups.values()].map(({ expected, values, ids }) => {
    const set: Record<string, unknown> = {};
    for (const column of STATE_COLUMNS) {
      const value = values[column];
      set[column] = value === SAME_AS_ID ? sql.ref('id') : value;
    }
    return { expected, set, ids };
  });
}

/** Ids per `UPDATE … WHERE id IN (…)`: well under SQLite's 32,766 bound parameters. */
const IDS_PER_STATEMENT = 1000;

/**
 * Settles a batch: one `UPDATE` of the state rows per {@link SettlementGroup} (and per 1,000
 * ids), each row only if still in its expected status. The body rows are never touched.
 * Returns the ids actually updated.
 */
export async function settle(
  db: Kysely<NotificationsTables>,
  settlements: readonly PendingSettlement[],
): Promise<Set<string>> {
  const updated = new Set<string>();
  for (const group of settlementGroups(settlements)) {
    for (let i = 0; i < group.ids.length; i += IDS_PER_STATEMENT) {
      const rows = await db
        .updateTable('notification_deliveries')
        .set(group.set)
        .where('id', 'in', group.ids.slice(i, i + IDS_PER_STATEMENT))
        .where('status', '=', group.expected.status)
        .returning('id')
        .execute();
      for (const row of rows) {
        updated.add(row.id);
      }
    }
  }
  return updated;
}
