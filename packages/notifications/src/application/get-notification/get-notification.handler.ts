import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { loadOwnedDelivery } from '../load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../notification.view';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { GetNotification } from './get-notification.command';

/** Handles `GetNotification`: one read outside any transaction; another recipient's id is not found. */
@injectable()
export class GetNotificationHandler implements CommandHandler<GetNotification> {
  static readonly handles = GetNotification;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
  ) {}

  async execute(command: GetNotification): Promise<NotificationView> {
    return toNotificationView(
      await loadOwnedDelivery(
        this.deliveries,
        { db: this.database.kysely },
        command.recipientId,
        command.id,
      ),
    );
  }
}
