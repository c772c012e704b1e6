import { type SourcedDelivery } from '../application/ports/notification-delivery.repository';
import {
  NotificationDelivery,
  type NotificationDeliveryState,
} from '../domain/notification-delivery.entity';
import {
  type DeliveryBodyRow,
  type DeliveryRow,
  type DeliveryStateRow,
} from '../../shared/infrastructure/notifications.tables';

/** The stored JSON array of channel kinds, or null (the default set). */
function channelsOf(text: string | null): readonly string[] | null {
  return text === null ? null : (JSON.parse(text) as string[]);
}

/** Row → aggregate. Rows never leave infrastructure. */
export function deliveryToDomain(row: DeliveryRow): NotificationDelivery {
  return NotificationDelivery.rehydrate({
    id: row.id,
    recipientId: row.recipient_id,
    channels: channelsOf(row.channels),
    title: row.title,
    message: row.message,
    url: row.url,
    scheduledAt: row.scheduled_at,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    sentAt: row.sent_at,
    inboxId: row.inbox_id,
    source:
      row.source_app !== null && row.source_key !== null
        ? {
            app: row.source_app,
            key: row.source_key,
            collection: row.source_collection,
            id: row.source_id,
            rule: row.source_rule,
          }
        : null,
    idempotencyKey: row.idempotency_key,
    eventAt: row.event_at,
    expiresAt: row.expires_at,
    missedReason: row.missed_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    dueAt: row.due_at,
    snoozedFrom: row.snoozed_from,
    priority: row.priority,
    deferredFrom: row.deferred_from,
    digestId: row.digest_id,
    escalation:
      row.escalate_after_ms !== null && row.escalate_channel !== null
        ? { afterMs: Number(row.escalate_after_ms), channel: row.escalate_channel }
        : null,
    fallback: row.fallback_channel === null ? null : { channel: row.fallback_channel },
  });
}

/** Aggregate state → whole row (every column of both tables; see {@link stateRowOf}). */
export function deliveryToRow(s: NotificationDeliveryState): DeliveryRow {
  return {
    id: s.id,
    recipient_id: s.recipientId,
    channels: s.channels === null ? null : JSON.stringify(s.channels),
    title: s.title,
    message: s.message,
    url: s.url,
    scheduled_at: s.scheduledAt,
    status: s.status,
    attempts: s.attempts,
    last_error: s.lastError,
    sent_at: s.sentAt,
    inbox_id: s.inboxId,
    source_app: s.source?.app ?? null,
    source_key: s.source?.key ?? null,
    source_collection: s.source?.collection ?? null,
    source_id: s.source?.id ?? null,
    source_rule: s.source?.rule ?? null,
    idempotency_key: s.idempotencyKey,
    event_at: s.eventAt,
    expires_at: s.expiresAt,
    missed_reason: s.missedReason,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    due_at: s.dueAt,
    sort_at: s.scheduledAt ?? s.createdAt,
    snoozed_from: s.snoozedFrom,
    priority: s.priority,
    deferred_from: s.deferredFrom,
    digest_id: s.digestId,
    escalate_after_ms: s.escalation?.afterMs ?? null,
    escalate_channel: s.escalation?.channel ?? null,
    fallback_channel: s.fallback?.channel ?? null,
  };
}

/** The columns a dispatcher transition changes: all on the state row (the body never changes while delivering). */
export const STATE_COLUMNS = [
  'status',
  'attempts',
  'last_error',
  'sent_at',
  'inbox_id',
  'missed_reason',
  'updated_at',
  'due_at',
  'digest_id',
] as const satisfies readonly (keyof DeliveryStateRow)[];

/** One of {@link STATE_COLUMNS}. */
export type StateColumn = (typeof STATE_COLUMNS)[number];

/**
 * The state row's columns (the compiled-once INSERT binds them in this order). A record, not a
 * list, so adding a column to the table without adding it here fails to compile.
 */
const STATE_ROW: Record<keyof DeliveryStateRow, true> = {
  id: true,
  recipient_id: true,
  status: true,
  attempts: true,
  due_at: true,
  scheduled_at: true,
  sort_at: true,
  last_error: true,
  sent_at: true,
  inbox_id: true,
  missed_reason: true,
  deferred_from: true,
  digest_id: true,
  source_app: true,
  source_key: true,
  source_rule: true,
  idempotency_key: true,
  created_at: true,
  updated_at: true,
};

/** The body row's columns, likewise. */
const BODY_ROW: Record<keyof DeliveryBodyRow, true> = {
  id: true,
  channels: true,
  title: true,
  message: true,
  url: true,
  source_collection: true,
  source_id: true,
  event_at: true,
  expires_at: true,
  snoozed_from: true,
  priority: true,
  escalate_after_ms: true,
  escalate_channel: true,
  fallback_channel: true,
};

/** Every column of `notification_deliveries` (the state row), in one fixed order. */
export const DELIVERY_STATE_COLUMNS = Object.keys(STATE_ROW) as (keyof DeliveryStateRow)[];

/** Every column of `notification_bodies`, in one fixed order. */
export const DELIVERY_BODY_COLUMNS = Object.keys(BODY_ROW) as (keyof DeliveryBodyRow)[];

/** Body columns but the key: what an edit of the body writes. */
export const BODY_CONTENT_COLUMNS = DELIVERY_BODY_COLUMNS.filter((c) => c !== 'id');

/** The state row of a whole delivery row. */
export function stateRowOf(row: DeliveryRow): DeliveryStateRow {
  const out: Record<string, unknown> = {};
  for (const column of DELIVERY_STATE_COLUMNS) {
    out[column] = row[column];
  }
  return out as unknown as DeliveryStateRow;
}

/** The body row of a whole delivery row. */
export function bodyRowOf(row: DeliveryRow): DeliveryBodyRow {
  const out: Record<string, unknown> = {};
  for (const column of DELIVERY_BODY_COLUMNS) {
    out[column] = row[column];
  }
  return out as unknown as DeliveryBodyRow;
}

/** The columns reconcile compares of a producer's deliveries (one indexed read, no full rows). */
export const SOURCED_COLUMNS = [
  'id',
  'recipient_id',
  'source_key',
  'source_rule',
  'status',
  'title',
  'message',
  'url',
  'scheduled_at',
  'event_at',
  'expires_at',
  'created_at',
] as const satisfies readonly (keyof DeliveryRow)[];

/** A row read with {@link SOURCED_COLUMNS}, as reconcile compares it. */
export function sourcedDeliveryOf(
  r: Pick<DeliveryRow, (typeof SOURCED_COLUMNS)[number]>,
): SourcedDelivery {
  return {
    id: r.id,
    recipientId: r.recipient_id,
    sourceKey: r.source_key ?? '',
    rule: r.source_rule,
    status: r.status,
    title: r.title,
    message: r.message,
    url: r.url,
    scheduledAt: r.scheduled_at,
    eventAt: r.event_at,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
  };
}
