import { InvalidArgumentError } from '@tickler/core/domain';
import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationDelivery } from '../../domain/notification-delivery.entity';
import {
  IdempotencyKeyReusedError,
  NotificationSourceKeyTakenError,
} from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type DeliveryOutlets } from '../ports/delivery-outlets.port';
import { toNotificationView, toNotificationViews } from '../notification-view.mapper';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import {
  type IdempotencyRecord,
  type IdempotencyRepository,
} from '../ports/idempotency.repository';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type Scope } from '../../../shared/application/ports/scope';
import { type RecipientRules } from '../ports/recipient-rules.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { defaultLeadsOf, withDefaultLead } from '../send-notification/default-lead';
import { newDeliveryOf } from '../send-notification/new-delivery-of';
import { requestFingerprint } from '../send-notification/request-fingerprint';
import {
  type SendNotification,
  type SendNotificationResult,
} from '../send-notification/send-notification.command';
import { SendNotifications, type SendNotificationsResult } from './send-notifications.command';

/**
 * One item's answer: a stored delivery's view, or a delivery created in this batch (its view is
 * built once the batch has fired, so it shows the outcome).
 */
interface Answer {
  readonly delivery: NotificationView | NotificationDelivery;
  readonly created: boolean;
}

/** An earlier use of an idempotency key: its answer, and its request's fingerprint if kept. */
interface Replay {
  readonly result: Answer;
  readonly fingerprint: string | undefined;
}

/** NUL cannot occur in validated recipient ids, keys or rules. */
function keyOf(...parts: (string | null)[]): string {
  return parts.map((p) => p ?? '').join('\u0000');
}

/**
 * Creates every delivery of the batch in ONE transaction: the decisions in the aggregates,
 * the firing of those going out at once (inbox rows, pending channel sends), multi-row INSERTs,
 * ONE wake-up move to the earliest instant, the events recorded for after commit. Items behave as if sent one after
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
    @inject(NOTIFICATIONS_TOKENS.IdempotencyRepository)
    private readonly idempotency: IdempotencyRepository,
    @inject(NOTIFICATIONS_TOKENS.Outlets) private readonly firing: DeliveryOutlets,
    @inject(NOTIFICATIONS_TOKENS.RecipientRules) private readonly rules: RecipientRules,
  ) {}

  execute(command: SendNotifications): Promise<SendNotificationsResult> {
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      const results: Answer[] = [];
      const created: NotificationDelivery[] = [];
      /** Idempotency and source keys used so far in this batch → the result / delivery id. */
      const byIdempotencyKey = new Map<string, Replay>();
      const fingerprints: IdempotencyRecord[] = [];
      const bySourceKey = new Map<string, string>();
      let earliest: string | undefined;
      const leads = await defaultLeadsOf(tx, this.rules, command.items);
      for (const [index, item] of command.items.entries()) {
        const idempotencyKey =
          item.idempotencyKey === undefined
            ? undefined
            : keyOf(item.recipientId, item.idempotencyKey);
        if (item.repeat !== undefined) {
          throw new InvalidArgumentError(
            `items.${index}.repeat`,
            'a batch sends one-off notifications only; create a series on its own',
          );
        }
        if (item.when !== undefined || item.timeZone !== undefined) {
          // A batch is a producer's exact plan: its instants are scheduledAt, never read text.
          throw new InvalidArgumentError(
            `items.${index}.${item.when !== undefined ? 'when' : 'timeZone'}`,
            'a batch takes scheduledAt instants; read text with POST /v1/time/parse first',
          );
        }
        const { props, sourceKey } = newDeliveryOf(item, (field) => `items.${index}.${field}`);
        // Only keyed items are compared with a replay: the digest is not free per item.
        const fingerprint = idempotencyKey === undefined ? '' : requestFingerprint(props);
        const replay =
          idempotencyKey === undefined
            ? undefined
            : await this.replayed(tx, byIdempotencyKey, idempotencyKey, item);
        if (replay) {
          if (replay.fingerprint !== undefined && replay.fingerprint !== fingerprint) {
            throw new IdempotencyKeyReusedError(
              item.recipientId,
              item.idempotencyKey ?? '',
              replay.result.delivery.id,
              `items.${index}.idempotencyKey`,
            );
          }
          results.push(replay.result);
          continue;
        }
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
        const delivery = NotificationDelivery.create(
          withDefaultLead(item, props, leads),
          now,
          this.ids.next(),
          this.options.due,
        );
        if (batchSourceKey) {
          bySourceKey.set(batchSourceKey, delivery.id);
        }
        created.push(delivery);
        // Going out at once: fired below, so it needs no dispatcher wake-up.
        if (
          delivery.dueAt !== null &&
          delivery.dueAt > now &&
          (earliest === undefined || delivery.dueAt < earliest)
        ) {
          earliest = delivery.dueAt;
        }
        results.push({ delivery, created: true });
        if (idempotencyKey !== undefined && item.idempotencyKey !== undefined) {
          byIdempotencyKey.set(idempotencyKey, {
            result: { delivery, created: false },
            fingerprint,
          });
          fingerprints.push({
            recipientId: item.recipientId,
            idempotencyKey: item.idempotencyKey,
            fingerprint,
          });
        }
      }
      const going = created.filter((d) => d.isDue(now));
      const sends = going.length > 0 ? await this.firing.fire(tx, going, now) : [];
      if (created.length > 0) {
        await this.deliveries.insertMany(tx, created);
      }
      if (fingerprints.length > 0) {
        await this.idempotency.recordMany(tx, fingerprints);
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
      return {
        results: results.map(({ delivery, created: isNew }): SendNotificationResult => ({
          delivery:
            delivery instanceof NotificationDelivery
              ? (views.get(delivery.id) ?? toNotificationView(delivery))
              : delivery,
          created: isNew,
        })),
      };
    });
  }

  /** The result of an earlier use of this idempotency key, in this batch or in the store. */
  private async replayed(
    scope: Scope,
    inBatch: ReadonlyMap<string, Replay>,
    key: string,
    item: SendNotification,
  ): Promise<Replay | undefined> {
    const earlier = inBatch.get(key);
    if (earlier || item.idempotencyKey === undefined) {
      return earlier;
    }
    const existing = await this.deliveries.findByIdempotencyKey(
      scope,
      item.recipientId,
      item.idempotencyKey,
    );
    if (!existing) {
      return undefined;
    }
    return {
      result: { delivery: toNotificationView(existing), created: false },
      fingerprint: await this.idempotency.fingerprintOf(
        scope,
        item.recipientId,
        item.idempotencyKey,
      ),
    };
  }
}
