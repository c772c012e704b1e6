import {
  type Clock,
  CORE_TOKENS,
  type DomainEvent,
  type EventSubscriber,
  ReusableQuery,
  tablesOf,
  toIsoUtc,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import {
  NotificationSentEvent,
  type NotificationSentPayload,
} from '../domain/notification-sent.event';
import { type NotificationsTables } from './notifications.tables';

interface LogRow {
  event_id: string;
  delivery_id: string;
  inbox_id: string | null;
  recipient_id: string;
  channel: NotificationSentPayload['channel'];
  sent_at: string;
  projected_at: string;
}

/** Compiled once: a drain projects one row per sent delivery. */
const INSERT = new ReusableQuery<LogRow>(
  ['event_id', 'delivery_id', 'inbox_id', 'recipient_id', 'channel', 'sent_at', 'projected_at'],
  (db, row) => tablesOf<NotificationsTables>(db).insertInto('notification_delivery_log').values(row),
);

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

  async handle(event: DomainEvent, tx: Transaction): Promise<void> {
    if (event.type !== NotificationSentEvent.type) {
      return;
    }
    const p = event.payload as unknown as NotificationSentPayload;
    await INSERT.execute(tx.db, {
      event_id: event.eventId,
      delivery_id: p.deliveryId,
      inbox_id: p.inboxId,
      recipient_id: p.recipientId,
      channel: p.channel,
      sent_at: p.sentAt,
      projected_at: toIsoUtc(this.clock.now()),
    });
  }
}
