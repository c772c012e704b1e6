import {
  type Clock,
  CORE_TOKENS,
  type DomainEvent,
  type EventSubscriber,
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
    await tablesOf<NotificationsTables>(tx.db)
      .insertInto('notification_delivery_log')
      .values({
        event_id: event.eventId,
        delivery_id: p.deliveryId,
        inbox_id: p.inboxId,
        recipient_id: p.recipientId,
        channel: p.channel,
        sent_at: p.sentAt,
        projected_at: toIsoUtc(this.clock.now()),
      })
      .execute();
  }
}
