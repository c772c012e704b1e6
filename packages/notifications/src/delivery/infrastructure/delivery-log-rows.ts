import { type DomainEvent, MultiRowInsert, type Transaction } from '@tickler/core';
import {
  NotificationSentEvent,
  type NotificationSentPayload,
} from '../domain/notification-sent.event';

interface LogRow {
  event_id: string;
  delivery_id: string;
  inbox_id: string | null;
  recipient_id: string;
  channel: NotificationSentPayload['channel'];
  sent_at: string;
  projected_at: string;
}

/**
 * One multi-row INSERT per call: a drain logs one row per sent delivery, and one statement per
 * event cost ~11 µs of SQLite each plus a trip through kysely.
 */
const INSERT = new MultiRowInsert<LogRow>({
  table: 'notification_delivery_log',
  columns: [
    'event_id',
    'delivery_id',
    'inbox_id',
    'recipient_id',
    'channel',
    'sent_at',
    'projected_at',
  ],
});

/**
 * Writes a `notification_delivery_log` row for each `notifications.sent` event among `events`
 * (others are skipped) in `tx`; `projectedAt` is when the row is written (ISO UTC).
 */
export async function writeDeliveryLog(
  tx: Transaction,
  events: readonly DomainEvent[],
  projectedAt: string,
): Promise<void> {
  const rows: LogRow[] = [];
  for (const event of events) {
    if (event.type !== NotificationSentEvent.type) {
      continue;
    }
    const p = event.payload as unknown as NotificationSentPayload;
    rows.push({
      event_id: event.eventId,
      delivery_id: p.deliveryId,
      inbox_id: p.inboxId,
      recipient_id: p.recipientId,
      channel: p.channel,
      sent_at: p.sentAt,
      projected_at: projectedAt,
    });
  }
  if (rows.length > 0) {
    await INSERT.execute(tx.db, rows);
  }
}
