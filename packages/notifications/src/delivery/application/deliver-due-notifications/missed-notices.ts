import { CORE_TOKENS, type IdGenerator, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { MissedNoticeWritten, missedNoticeText } from '../../domain/missed-notice';
import { type NotificationDelivery } from '../../domain/notification-delivery.entity';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type InboxItem, type InboxRepository } from '../ports/inbox.repository';

/**
 * Tells each recipient, in its inbox, what a catch-up settled as missed because it was found
 * due past the grace window (`too-late`: the daemon, or the machine, was off): ONE notice per
 * recipient per batch, written by the dispatcher in the transaction that settles those rows,
 * so the notice exists exactly when the rows are `missed`. Other missed reasons (an event that
 * began or expired, a dry run) are the sender's rules at work, not downtime: no notice.
 */
@injectable()
export class MissedNotices {
  constructor(
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
  ) {}

  /** Writes the notices for `settled` (this batch's deliveries) and returns their events. */
  async write(
    tx: Transaction,
    settled: readonly NotificationDelivery[],
    now: string,
  ): Promise<MissedNoticeWritten[]> {
    const byRecipient = new Map<string, NotificationDelivery[]>();
    for (const delivery of settled) {
      const s = delivery.snapshot();
      if (s.status === 'missed' && s.missedReason === 'too-late') {
        const list = byRecipient.get(s.recipientId) ?? [];
        list.push(delivery);
        byRecipient.set(s.recipientId, list);
      }
    }
    if (byRecipient.size === 0) {
      return [];
    }
    const items: InboxItem[] = [];
    const events: MissedNoticeWritten[] = [];
    for (const [recipientId, missed] of byRecipient) {
      const id = this.ids.next();
      const text = missedNoticeText(missed.map((d) => d.snapshot().title));
      items.push({
        id,
        recipientId,
        notificationId: id,
        title: text.title,
        message: text.message,
        url: null,
        createdAt: now,
        readAt: null,
      });
      events.push(
        MissedNoticeWritten.create(
          { inboxId: id, recipientId, ...text, deliveryIds: missed.map((d) => d.id) },
          now,
        ),
      );
    }
    await this.inbox.insertMany(tx, items);
    return events;
  }
}
