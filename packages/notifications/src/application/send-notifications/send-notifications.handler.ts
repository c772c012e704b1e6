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
import { toNotificationView, toNotificationViews } from '../notification-view.mapper';
import { type ResolvedNotificationsOptions } from '../notifications.options';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type Scope } from '../ports/scope';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../ports/wake-up.port';
import { newDeliveryOf } from '../send-notification/new-delivery-of';
import {
  type SendNotification,
  type SendNotificationResult,
} from '../send-notification/send-notification.command';
import { SendNotifications, type SendNotificationsResult } from './send-notifications.command';

/** NUL cannot occur in validated recipient ids, keys or rules. */
function keyOf(...parts: (string | null)[]): string {
  return parts.map((p) => p ?? '').join('\u0000');
}

/**
 * Creates every delivery of the batch in ONE transaction: the decisions in the aggregates,
 * then multi-row INSERTs (deliveries, inbox rows of those sent at once), ONE wake-up move to
 * the earliest instant, the events recorded for after commit. Items behave as if sent one after
 * the other: a repeated idempotency key returns the delivery its first use created or found;
 * a source key taken in the store or earlier in the batch rejects the whole call.
 */
@injectable()
export class SendNotificationsHandler implements CommandHandler<SendNotifications> {
  static readonly handles = SendNotifications;

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

  execute(command: SendNotifications): Promise<SendNotificationsResult> {
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      /** Each item's answer: a delivery created here (its view is built after firing) or a replay. */
      const answers: {
        delivery: NotificationDelivery | SendNotificationResult['delivery'];
        created: boolean;
      }[] = [];
      const created: NotificationDelivery[] = [];
      /** Idempotency and source keys used so far in this batch → the answer / delivery id. */
      const byIdempotencyKey = new Map<string, (typeof answers)[number]>();
      const bySourceKey = new Map<string, string>();
      let earliest: string | undefined;
      for (const [index, item] of command.items.entries()) {
        const idempotencyKey =
          item.idempotencyKey === undefined
            ? undefined
            : keyOf(item.recipientId, item.idempotencyKey);
        const replay =
          idempotencyKey === undefined
            ? undefined
            : (byIdempotencyKey.get(idempotencyKey) ?? (await this.stored(tx, item)));
        if (replay) {
          answers.push(replay);
          continue;
        }
        const { props, sourceKey } = newDeliveryOf(item, (field) => `items.${index}.${field}`);
        const batchSourceKey =
          sourceKey && keyOf(item.recipientId, sourceKey.app, sourceKey.key, sourceKey.rule);
        if (sourceKey && batchSourceKey) {
          const taken =
            bySourceKey.get(batchSourceKey) ??
            (await this.deliveries.findIdBySourceKey(tx, item.recipientId, sourceKey));
          if (taken !== undefined) {
            throw new NotificationSourceKeyTakenError(item.recipientId, taken, sourceKey);
          }
        }
        const delivery = NotificationDelivery.create(props, now, this.ids.next(), this.options.due);
        if (batchSourceKey) {
          bySourceKey.set(batchSourceKey, delivery.id);
        }
        created.push(delivery);
        if (
          delivery.dueAt !== null &&
          delivery.dueAt > now &&
          (earliest === undefined || delivery.dueAt < earliest)
        ) {
          earliest = delivery.dueAt;
        }
        answers.push({ delivery, created: true });
        if (idempotencyKey !== undefined) {
          byIdempotencyKey.set(idempotencyKey, { delivery, created: false });
        }
      }
      const going = created.filter((d) => d.isDue(now));
      const sends = going.length > 0 ? await this.firing.fire(tx, going, now) : [];
      if (created.length > 0) {
        await this.deliveries.insertMany(tx, created);
      }
      if (earliest !== undefined) {
        await this.wakeUp.wakeAt(tx, earliest);
      }
      for (const delivery of created) {
        tx.recordEvents(delivery.pullEvents());
      }
      const views = new Map(
        toNotificationViews(
          created,
          sends.map((send) => send.snapshot()),
        ).map((view) => [view.id, view]),
      );
      const results: SendNotificationResult[] = answers.map(({ delivery, created: isNew }) => ({
        delivery:
          delivery instanceof NotificationDelivery
            ? (views.get(delivery.id) ?? toNotificationView(delivery))
            : delivery,
        created: isNew,
      }));
      return { results };
    });
  }

  /** The answer of an earlier use of this item's idempotency key in the store, if any. */
  private async stored(
    scope: Scope,
    item: SendNotification,
  ): Promise<{ delivery: SendNotificationResult['delivery']; created: boolean } | undefined> {
    if (item.idempotencyKey === undefined) {
      return undefined;
    }
    const existing = await this.deliveries.findByIdempotencyKey(
      scope,
      item.recipientId,
      item.idempotencyKey,
    );
    return existing ? { delivery: toNotificationView(existing), created: false } : undefined;
  }
}
