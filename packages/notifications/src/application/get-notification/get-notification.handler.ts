import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { loadOwnedDelivery } from '../load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../notification.view';
import { type ChannelSendRepository } from '../ports/channel-send.repository';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { SERIES_TOKENS } from '../../series.tokens';
import { type SeriesRepository } from '../ports/series.repository';
import { toRepeatView } from '../series/series.view';
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
    private readonly sends: ChannelSendRepository,
    @inject(SERIES_TOKENS.SeriesRepository) private readonly series: SeriesRepository,
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
    const series = await this.series.findByDelivery(scope, delivery.id);
    return series === undefined ? view : { ...view, repeat: toRepeatView(series) };
  }
}
