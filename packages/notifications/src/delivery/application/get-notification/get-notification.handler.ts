import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { loadOwnedDelivery } from '../ports/load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type SendOutcomes } from '../ports/delivery-outlets.port';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { type RecurringSeries } from '../ports/recurring-series.port';
import { GetNotification } from './get-notification.command';

/**
 * Handles `GetNotification`: the delivery and its channels' outcomes, read outside any
 * transaction; another recipient's id is not found.
 */
@injectable()
export class GetNotificationHandler implements CommandHandler<GetNotification> {
  static readonly handles = GetNotification;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: SendOutcomes,
    @inject(SERIES_TOKENS.RecurringSeries) private readonly series: RecurringSeries,
  ) {}

  async execute(command: GetNotification): Promise<NotificationView> {
    const scope = { db: this.database.kysely };
    const delivery = await loadOwnedDelivery(
      this.deliveries,
      scope,
      command.recipientId,
      command.id,
    );
    const sends =
      delivery.status === 'scheduled' ? [] : await this.sends.forDeliveries(scope, [delivery.id]);
    const view = toNotificationView(delivery, sends);
    const repeat = await this.series.viewOf(scope, delivery.id);
    return repeat === undefined ? view : { ...view, repeat };
  }
}
