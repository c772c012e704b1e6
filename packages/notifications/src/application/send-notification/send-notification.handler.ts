import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationDelivery } from '../../domain/notification-delivery.entity';
import { NotificationSourceKeyTakenError } from '../../domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { DeliveryFiring } from '../channels/fire-deliveries';
import { toNotificationView } from '../notification-view.mapper';
import { type ResolvedNotificationsOptions } from '../notifications.options';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../ports/wake-up.port';
import { newDeliveryOf } from './new-delivery-of';
import { SendNotification, type SendNotificationResult } from './send-notification.command';

/**
 * Creates a delivery in one transaction: the row, and when it goes out at once its firing
 * (inbox row, pending channel sends, the send loop's wake-up), or the dispatcher's wake-up when
 * queued. Replaying an idempotency key returns the existing row.
 */
@injectable()
export class SendNotificationHandler implements CommandHandler<SendNotification> {
  static readonly handles = SendNotification;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
    @inject(DeliveryFiring) private readonly firing: DeliveryFiring,
  ) {}

  execute(command: SendNotification): Promise<SendNotificationResult> {
    return this.uow.run(async (tx) => {
      if (command.idempotencyKey !== undefined) {
        const existing = await this.deliveries.findByIdempotencyKey(
          tx,
          command.recipientId,
          command.idempotencyKey,
        );
        if (existing) {
          return { delivery: toNotificationView(existing), created: false };
        }
      }
      const now = toIsoUtc(this.clock.now());
      const { props, sourceKey } = newDeliveryOf(command);
      if (sourceKey) {
        const taken = await this.deliveries.findIdBySourceKey(tx, command.recipientId, sourceKey);
        if (taken !== undefined) {
          throw new NotificationSourceKeyTakenError(command.recipientId, taken, sourceKey);
        }
      }
      const delivery = NotificationDelivery.create(props, now, this.ids.next(), this.options.due);
      const sends = delivery.isDue(now) ? await this.firing.fire(tx, [delivery], now) : [];
      await this.deliveries.insert(tx, delivery);
      if (delivery.dueAt !== null) {
        await this.wakeUp.wakeAt(tx, delivery.dueAt);
      }
      tx.recordEvents(delivery.pullEvents());
      return {
        delivery: toNotificationView(
          delivery,
          sends.map((s) => s.snapshot()),
        ),
        created: true,
      };
    });
  }
}
