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
import { NotificationSourceKeyTakenError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type DeliveryOutlets } from '../ports/delivery-outlets.port';
import { toNotificationView, toNotificationViews } from '../notification-view.mapper';
import { type NotificationView } from '../../../shared/application/notification.view';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import {
  idempotencyKeyOf,
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
import { replayOf } from '../send-notification/replay-of';
import { requestFingerprint, sameRequest } from '../send-notification/request-fingerprint';
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

/** A key used earlier in this batch: the delivery its first item created, and that item's fingerprint. */
interface UsedInBatch {
  readonly delivery: NotificationDelivery;
  readonly fingerprint: string;
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
      const byIdempotencyKey = new Map<string, UsedInBatch>();
      const fingerprints: IdempotencyRecord[] = [];
      const bySourceKey = new Map<string, string>();
      let earliest: string | undefined;
      const leads = await defaultLeadsOf(tx, this.rules, command.items);
      const recorded = await this.idempotency.fingerprintsOf(
        tx,
        command.items.flatMap(({ recipientId, idempotencyKey }) =>
          idempotencyKey === undefined ? [] : [{ recipientId, idempotencyKey }],
        ),
      );
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
        const requested = newDeliveryOf(item, (field) => `items.${index}.${field}`);
        const { props, sourceKey } = requested;
        // Only keyed items are fingerprinted: the digest is not free per item.
        const fingerprint = idempotencyKey === undefined ? '' : requestFingerprint(requested, item);
        const replay =
          idempotencyKey === undefined
            ? undefined
            : await this.replayed(tx, item, index, {
                inBatch: byIdempotencyKey.get(idempotencyKey),
                recorded,
                same: (earlier) => sameRequest(earlier, requested, item),
              });
        if (replay) {
          results.push(replay);
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
          byIdempotencyKey.set(idempotencyKey, { delivery, fingerprint });
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

  /**
   * The answer of an earlier use of this item's idempotency key — in this batch, or in the store
   * (`recorded`: the batch's keys' fingerprints) — by {@link replayOf}; undefined when unused.
   */
  private async replayed(
    scope: Scope,
    item: SendNotification,
    index: number,
    earlier: {
      readonly inBatch: UsedInBatch | undefined;
      readonly recorded: ReadonlyMap<string, string>;
      readonly same: (recorded: string) => boolean;
    },
  ): Promise<Answer | undefined> {
    const use = {
      recipientId: item.recipientId,
      idempotencyKey: item.idempotencyKey ?? '',
      field: `items.${index}.idempotencyKey`,
    };
    if (earlier.inBatch !== undefined) {
      const delivery = replayOf(earlier.inBatch, earlier.same, use);
      return delivery && { delivery, created: false };
    }
    const stored = replayOf(
      {
        delivery: await this.deliveries.findByIdempotencyKey(
          scope,
          use.recipientId,
          use.idempotencyKey,
        ),
        fingerprint: earlier.recorded.get(idempotencyKeyOf(use)),
      },
      earlier.same,
      use,
    );
    return stored && { delivery: toNotificationView(stored), created: false };
  }
}
