import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { NotificationNotScheduledError } from '../../../shared/domain/notification.errors';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { loadOwnedDelivery } from '../ports/load-owned-delivery';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type RecurringSeries } from '../ports/recurring-series.port';
import { toNotificationView } from '../notification-view.mapper';
import { UncancelNotification } from './uncancel-notification.command';

/** Handles `UncancelNotification`: the canceled row scheduled again, and the dispatcher woken for it. */
@injectable()
export class UncancelNotificationHandler implements CommandHandler<UncancelNotification> {
  static readonly handles = UncancelNotification;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(SERIES_TOKENS.RecurringSeries) private readonly series: RecurringSeries,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
  ) {}

  execute(command: UncancelNotification): Promise<NotificationView> {
    return this.uow.run(async (tx) => {
      const delivery = await loadOwnedDelivery(
        this.deliveries,
        tx,
        command.recipientId,
        command.id,
        { forUpdate: true },
      );
      // Canceling an occurrence already settled its ledger entry and scheduled the next one (or
      // ended the series): bringing the row back would leave two live rows for one series.
      if ((await this.series.seriesOf(tx, delivery.id)) !== undefined) {
        throw new NotificationNotScheduledError(
          delivery.id,
          delivery.status,
          'uncancel an occurrence of a recurring series',
        );
      }
      const loadedStatus = delivery.status;
      delivery.uncancel(toIsoUtc(this.clock.now()));
      await this.deliveries.save(tx, delivery, { status: loadedStatus });
      if (delivery.dueAt !== null) {
        await this.wakeUp.wakeAt(tx, delivery.dueAt);
      }
      tx.recordEvents(delivery.pullEvents());
      return toNotificationView(delivery);
    });
  }
}
