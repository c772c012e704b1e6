import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationDelivery } from '../../domain/notification-delivery.entity';
import { InboxItemNotFoundError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type InboxRepository } from '../ports/inbox.repository';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { snoozeInstant } from './snooze-instant';
import { SnoozeInboxItem } from './snooze-inbox-item.command';

/**
 * Handles `SnoozeInboxItem` in one transaction: the item (another person's is not found), the
 * new reminder with the item's content and its notification's channels, the item marked read
 * (snoozing is dealing with it for now), the dispatcher's wake-up.
 */
@injectable()
export class SnoozeInboxItemHandler implements CommandHandler<SnoozeInboxItem> {
  static readonly handles = SnoozeInboxItem;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
  ) {}

  execute(command: SnoozeInboxItem): Promise<NotificationView> {
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      const at = snoozeInstant(command, now);
      const item = await this.inbox.find(tx, command.recipientId, command.inboxId);
      if (!item) {
        throw new InboxItemNotFoundError(command.recipientId, command.inboxId);
      }
      const original = await this.deliveries.findById(tx, item.notificationId);
      const delivery = NotificationDelivery.create(
        {
          recipientId: item.recipientId,
          channels: original?.channels ?? null,
          title: item.title,
          message: item.message,
          url: item.url,
          scheduledAt: at,
          snoozedFrom: item.id,
        },
        now,
        this.ids.next(),
        this.options.due,
      );
      await this.deliveries.insert(tx, delivery);
      await this.inbox.markRead(tx, item.recipientId, item.id, now);
      await this.wakeUp.wakeAt(tx, at);
      tx.recordEvents(delivery.pullEvents());
      return toNotificationView(delivery);
    });
  }
}
