import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type DeliveryCountsByStatus } from '../../../shared/application/notification.view';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { CountDeliveriesByStatus } from './count-deliveries-by-status.command';

/** Answers {@link CountDeliveriesByStatus} with one grouped read outside any transaction. */
@injectable()
export class CountDeliveriesByStatusHandler implements CommandHandler<CountDeliveriesByStatus> {
  static readonly handles = CountDeliveriesByStatus;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
  ) {}

  execute(_command: CountDeliveriesByStatus): Promise<DeliveryCountsByStatus> {
    return this.deliveries.countByStatus({ db: this.database.kysely });
  }
}
