import { tablesOf } from '@tickler/core';
import { type Kysely } from 'kysely';
import { type NotificationDelivery } from '../domain/notification-delivery.entity';
import {
  BODY_CONTENT_COLUMNS,
  DELIVERY_STATE_COLUMNS,
  deliveryToDomain,
  type SOURCED_COLUMNS,
} from './notification-delivery.mapper';
import {
  type DeliveryRow,
  type NotificationsTables,
} from '../../shared/infrastructure/notifications.tables';

/** The body table: one row per delivery, same id (issue 28). */
export const BODIES = 'notification_bodies';

/**
 * The row each aggregate was loaded (or last saved) as, so `save` writes only what changed: an
 * edit of the body leaves the state columns it did not change alone, and a state change never
 * rewrites the body. Weak: an aggregate forgotten by its handler takes its entry with it.
 */
export const loaded = new WeakMap<NotificationDelivery, DeliveryRow>();

/** Row → aggregate, remembered for {@link loaded} (the row as read: no copy on the due path). */
export function rehydrated(row: DeliveryRow): NotificationDelivery {
  const delivery = deliveryToDomain(row);
  loaded.set(delivery, row);
  return delivery;
}

/**
 * What `save` writes: the state columns that changed since the aggregate was loaded (always
 * `updated_at`: the guarded UPDATE of the state row is the fence), and the body columns that
 * changed, or undefined when none did (the body row is not touched). Unknown aggregates write
 * every column.
 */
export function changesSinceLoaded(
  delivery: NotificationDelivery,
  row: DeliveryRow,
): { state: Partial<DeliveryRow>; body: Partial<DeliveryRow> | undefined } {
  const before = loaded.get(delivery);
  const changed = (column: keyof DeliveryRow) => before?.[column] !== row[column];
  const state: Record<string, unknown> = { updated_at: row.updated_at };
  for (const column of DELIVERY_STATE_COLUMNS) {
    if (column !== 'id' && column !== 'created_at' && changed(column)) {
      state[column] = row[column];
    }
  }
  const body = BODY_CONTENT_COLUMNS.filter(changed);
  return {
    state,
    body:
      body.length === 0
        ? undefined
        : Object.fromEntries(body.map((column) => [column, row[column]])),
  };
}

/** The body's columns but its key, as read from the join (`b`). */
const BODY_SELECTION = BODY_CONTENT_COLUMNS.map((c) => `b.${c}` as const);

/** {@link SOURCED_COLUMNS}, each from its table of the join. */
export const SOURCED_SELECTION = [
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
export function joined(db: Kysely<unknown>) {
  return tablesOf<NotificationsTables>(db)
    .selectFrom('notification_deliveries as d')
    .innerJoin(`${BODIES} as b`, 'b.id', 'd.id')
    .selectAll('d')
    .select(BODY_SELECTION);
}
