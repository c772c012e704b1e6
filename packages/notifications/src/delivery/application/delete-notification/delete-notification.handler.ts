import { type CommandHandler, CORE_TOKENS } from '@tickler/core';
import { inject, injectable } from 'inversify';
import {
  NotificationConcurrentUpdateError,
  NotificationNotScheduledError,
} from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { loadOwnedDelivery } from '../ports/load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { DeleteNotification } from './delete-notification.command';

/** Handles `DeleteNotification`: loads the recipient's delivery, checks it is not mid-send, deletes its row guarded by the loaded status. */
@injectable()
export class DeleteNotificationHandler implements CommandHandler<DeleteNotification> {
  static readonly handles = DeleteNotification;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
  ) {}

  execute(command: DeleteNotification): Promise<NotificationView> {
    return this.uow.run(async (tx) => {
      const delivery = await loadOwnedDelivery(
        this.deliveries,
        tx,
        command.recipientId,
        command.id,
        // The row lock first, as the dispatcher takes it (see loadOwnedDelivery).
        { forUpdate: true },
      );
      // An app's row too (seed 001 §5.1: "deleting is still allowed, it's an ordinary
      // resource"); the app's next reconcile may bring it back — canceling keeps a tombstone.
      if (delivery.status === 'sending') {
        throw new NotificationNotScheduledError(delivery.id, delivery.status, 'delete');
      }
      // A scheduled row needs no wake-up change: a wake-up that finds nothing due re-arms.
      const deleted = await this.deliveries.deleteOne(tx, delivery.id, { status: delivery.status });
      if (!deleted) {
        throw new NotificationConcurrentUpdateError(1, 0);
      }
      return toNotificationView(delivery);
    });
  }
}
