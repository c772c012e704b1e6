import { type SourcedDelivery } from '../application/ports/notification-delivery.repository';
import {
  NotificationDelivery,
  type NotificationDeliveryState,
} from '../domain/notification-delivery.entity';
import {
  type DeliveryRow,
  type NewDeliveryRow,
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
  });
}

/** Aggregate state → full row (every column). */
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
  };
}

/** The columns a dispatcher transition changes (content never changes while delivering). */
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
] as const satisfies readonly (keyof NewDeliveryRow)[];

/** One of {@link STATE_COLUMNS}. */
export type StateColumn = (typeof STATE_COLUMNS)[number];

/**
 * Every column of a delivery row (the compiled-once INSERT binds them all). A record, not a
 * list, so adding a column to the table without adding it here fails to compile.
 */
const ALL_COLUMNS: Record<keyof DeliveryRow, true> = {
  id: true,
  recipient_id: true,
  channels: true,
  title: true,
  message: true,
  url: true,
  scheduled_at: true,
  status: true,
  attempts: true,
  last_error: true,
  sent_at: true,
  inbox_id: true,
  source_app: true,
  source_key: true,
  source_collection: true,
  source_id: true,
  source_rule: true,
  idempotency_key: true,
  event_at: true,
  expires_at: true,
  missed_reason: true,
  created_at: true,
  updated_at: true,
  due_at: true,
  sort_at: true,
  snoozed_from: true,
  priority: true,
  deferred_from: true,
  digest_id: true,
};

/** Every column of `notification_deliveries`, in one fixed order (the compiled single-row INSERT binds them so). */
export const DELIVERY_COLUMNS = Object.keys(ALL_COLUMNS) as (keyof DeliveryRow)[];

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
