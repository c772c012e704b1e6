import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  parseInstant,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { loadOwnedDelivery } from '../load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { channelsOf } from '../send-notification/new-delivery-of';
import { type NotificationView } from '../notification.view';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../ports/wake-up.port';
import { RescheduleNotification } from './reschedule-notification.command';

/** Handles `RescheduleNotification`: edits the scheduled delivery and, when its instant moved, the wake-up, in one transaction. */
@injectable()
export class RescheduleNotificationHandler implements CommandHandler<RescheduleNotification> {
  static readonly handles = RescheduleNotification;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
  ) {}

  execute(command: RescheduleNotification): Promise<NotificationView> {
    return this.uow.run(async (tx) => {
      const delivery = await loadOwnedDelivery(
        this.deliveries,
        tx,
        command.recipientId,
        command.id,
      );
      const loadedStatus = delivery.status;
      const channels = channelsOf(command);
      delivery.reschedule(
        {
          ...(command.title !== undefined ? { title: command.title } : {}),
          ...(command.message !== undefined ? { message: command.message } : {}),
          ...(command.url !== undefined ? { url: command.url === '' ? null : command.url } : {}),
          ...(channels !== undefined ? { channels } : {}),
          ...(command.scheduledAt !== undefined
            ? { scheduledAt: parseInstant(command.scheduledAt, 'scheduledAt') }
            : {}),
        },
        toIsoUtc(this.clock.now()),
      );
      await this.deliveries.save(tx, delivery, { status: loadedStatus });
      if (command.scheduledAt !== undefined && delivery.dueAt !== null) {
        await this.wakeUp.wakeAt(tx, delivery.dueAt);
      }
      tx.recordEvents(delivery.pullEvents());
      return toNotificationView(delivery);
    });
  }
}
