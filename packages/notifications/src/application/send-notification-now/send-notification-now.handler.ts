import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { loadOwnedDelivery } from '../load-owned-delivery';
import { inboxItemOf, toNotificationView } from '../notification-view.mapper';
import { type NotificationView } from '../notification.view';
import { type ResolvedNotificationsOptions } from '../notifications.options';
import { type InboxRepository } from '../ports/inbox.repository';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../ports/wake-up.port';
import { SendNotificationNow } from './send-notification-now.command';

/** Handles `SendNotificationNow`: an inbox delivery is sent (or missed in dry-run) in this transaction; a webhook is brought due now and the dispatcher woken. */
@injectable()
export class SendNotificationNowHandler implements CommandHandler<SendNotificationNow> {
  static readonly handles = SendNotificationNow;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
  ) {}

  execute(command: SendNotificationNow): Promise<NotificationView> {
    return this.uow.run(async (tx) => {
      const delivery = await loadOwnedDelivery(
        this.deliveries,
        tx,
        command.recipientId,
        command.id,
      );
      const loadedStatus = delivery.status;
      const now = toIsoUtc(this.clock.now());
      // The user asked for it now: the lateness and event guards do not apply, dry-run does.
      if (delivery.channel === 'webhook') {
        delivery.expedite(now);
      } else if (this.options.due.dryRun) {
        delivery.markMissed(now, 'dry-run');
      } else {
        delivery.markSent(now, delivery.id);
        await this.inbox.insertMany(tx, [inboxItemOf(delivery)]);
      }
      // Guarded by the loaded status: if the dispatcher settled it first, this fails cleanly.
      await this.deliveries.save(tx, delivery, { status: loadedStatus });
      if (delivery.dueAt !== null) {
        await this.wakeUp.wakeAt(tx, delivery.dueAt);
      }
      tx.recordEvents(delivery.pullEvents());
      return toNotificationView(delivery);
    });
  }
}
