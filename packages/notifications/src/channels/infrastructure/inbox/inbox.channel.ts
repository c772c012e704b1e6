import { inject, injectable } from 'inversify';
import { INBOX_CHANNEL } from '../../../shared/application/channel-kinds';
import {
  type InTransactionChannel,
  type InTransactionDelivery,
} from '../../application/ports/delivery-channel.port';
import { type InboxRepository } from '../../../delivery/application/ports/inbox.repository';
import { type Scope } from '../../../shared/application/ports/scope';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';

/**
 * The inbox: the in-transaction channel. Its rows are written in the transaction that fires the
 * notification (one multi-row INSERT per batch), so the row and the `sent` status commit
 * together: exactly once (the inbox's unique `notification_id` makes a second row impossible).
 * Inbox id = delivery id.
 */
@injectable()
export class InboxChannel implements InTransactionChannel {
  readonly kind = INBOX_CHANNEL;

  constructor(
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
  ) {}

  deliverMany(scope: Scope, deliveries: readonly InTransactionDelivery[]): Promise<void> {
    return this.inbox.insertMany(
      scope,
      deliveries.map((d) => ({
        id: d.id,
        recipientId: d.recipientId,
        notificationId: d.id,
        title: d.title,
        message: d.message,
        url: d.url,
        createdAt: d.sentAt,
        readAt: null,
      })),
    );
  }
}
