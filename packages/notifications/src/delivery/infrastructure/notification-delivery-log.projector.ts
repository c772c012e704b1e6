import {
  type Clock,
  CORE_TOKENS,
  type DomainEvent,
  type EventSubscriber,
  MultiRowInsert,
  toIsoUtc,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
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
 * One multi-row INSERT per queue row of events: a drain projects one row per sent delivery,
 * and one statement per event cost ~11 µs of SQLite each plus a trip through kysely.
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
 * Durable projector of `notifications.sent` into `notification_delivery_log`. It runs through
 * the kernel queue in the same transaction as the subscriber ledger entry, so each event is
 * projected exactly once even when the process dies right after the sending commit.
 */
@injectable()
export class NotificationDeliveryLogProjector implements EventSubscriber {
  static readonly subscriberName = 'notifications.delivery-log';
  static readonly subscribesTo = [NotificationSentEvent.type];

  constructor(@inject(CORE_TOKENS.Clock) private readonly clock: Clock) {}

  handle(event: DomainEvent, tx: Transaction): Promise<void> {
    return this.handleMany([event], tx);
  }

  /** The kernel hands a queue row's unprocessed events here at once (same transaction as their ledger rows). */
  async handleMany(events: readonly DomainEvent[], tx: Transaction): Promise<void> {
    const projectedAt = toIsoUtc(this.clock.now());
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
    await INSERT.execute(tx.db, rows);
  }
}
