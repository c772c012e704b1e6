import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { loadOwnedDelivery } from '../ports/load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type RecurringSeries } from '../ports/recurring-series.port';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { CancelNotification } from './cancel-notification.command';

/** Handles `CancelNotification`: loads the recipient's delivery, cancels it (a no-op when already canceled or sent), saves it guarded by its loaded status. */
@injectable()
export class CancelNotificationHandler implements CommandHandler<CancelNotification> {
  static readonly handles = CancelNotification;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(SERIES_TOKENS.RecurringSeries) private readonly series: RecurringSeries,
  ) {}

  execute(command: CancelNotification): Promise<NotificationView> {
    return this.uow.run(async (tx) => {
      const delivery = await loadOwnedDelivery(
        this.deliveries,
        tx,
        command.recipientId,
        command.id,
        // The row lock first, as the dispatcher takes it (see loadOwnedDelivery).
        { forUpdate: true },
      );
      // Seed 001 §3.1: canceling what already went out is a no-op answer, not a conflict —
      // the person's intent ("I don't need it any more") already holds.
      if (delivery.status === 'sent') {
        return toNotificationView(delivery);
      }
      const series = await this.series.seriesOf(tx, delivery.id);
      // "This one" is the default (issue 31): ending a whole series takes `scope: "series"`.
      if (series !== undefined && command.scope === 'series') {
        await series.cancel(tx, delivery, toIsoUtc(this.clock.now()));
        return { ...toNotificationView(delivery), repeat: series.view() };
      }
      const loadedStatus = delivery.status;
      // The wake-up is left alone: a wake-up that finds nothing due just re-arms at the next row.
      if (delivery.cancel(toIsoUtc(this.clock.now()))) {
        await this.deliveries.save(tx, delivery, { status: loadedStatus });
        tx.recordEvents(delivery.pullEvents());
      }
      // An occurrence answers with its series (still active: the next one is scheduled at commit).
      const view = toNotificationView(delivery);
      return series === undefined ? view : { ...view, repeat: series.view() };
    });
  }
}
