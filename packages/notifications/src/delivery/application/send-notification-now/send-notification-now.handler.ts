import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type DeliveryOutlets, type FiredSend } from '../ports/delivery-outlets.port';
import { loadOwnedDelivery } from '../ports/load-owned-delivery';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { SendNotificationNow } from './send-notification-now.command';

/**
 * Handles `SendNotificationNow`: the scheduled delivery fires in this transaction, exactly as
 * the dispatcher would fire it (inbox row, pending channel sends for after the commit), or is
 * missed in dry-run. The user asked for it now: the lateness and event guards do not apply.
 */
@injectable()
export class SendNotificationNowHandler implements CommandHandler<SendNotificationNow> {
  static readonly handles = SendNotificationNow;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.Outlets) private readonly firing: DeliveryOutlets,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
  ) {}

  execute(command: SendNotificationNow): Promise<NotificationView> {
    return this.uow.run(async (tx) => {
      const delivery = await loadOwnedDelivery(
        this.deliveries,
        tx,
        command.recipientId,
        command.id,
        // The row lock first, as the dispatcher takes it (see loadOwnedDelivery).
        { forUpdate: true },
      );
      const loadedStatus = delivery.status;
      const now = toIsoUtc(this.clock.now());
      let sends: FiredSend[] = [];
      if (this.options.due.dryRun) {
        delivery.markMissed(now, 'dry-run');
      } else {
        sends = await this.firing.fire(tx, [delivery], now);
      }
      // Guarded by the loaded status: if the dispatcher settled it first, this fails cleanly.
      await this.deliveries.save(tx, delivery, { status: loadedStatus });
      tx.recordEvents(delivery.pullEvents());
      return toNotificationView(
        delivery,
        sends.map((s) => s.snapshot()),
      );
    });
  }
}
