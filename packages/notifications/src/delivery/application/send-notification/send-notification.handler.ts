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
import { toNotificationView } from '../notification-view.mapper';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type IdempotencyRepository } from '../ports/idempotency.repository';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type RecipientRules } from '../ports/recipient-rules.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { defaultLeadsOf, withDefaultLead } from './default-lead';
import { type RecurringSeries } from '../ports/recurring-series.port';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { newDeliveryOf } from './new-delivery-of';
import { requestFingerprint } from './request-fingerprint';
import { checkWhenFields, resolveWhenField } from '../when-field';
import { SendNotification, type SendNotificationResult } from './send-notification.command';

const GROUPED = { group: true } as const;

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
    @inject(NOTIFICATIONS_TOKENS.IdempotencyRepository)
    private readonly idempotency: IdempotencyRepository,
    @inject(NOTIFICATIONS_TOKENS.Outlets) private readonly firing: DeliveryOutlets,
    @inject(NOTIFICATIONS_TOKENS.RecipientRules) private readonly rules: RecipientRules,
    @inject(SERIES_TOKENS.RecurringSeries) private readonly series: RecurringSeries,
  ) {}

  execute(command: SendNotification): Promise<SendNotificationResult> {
    // Grouped: concurrent sends share one commit (each in its own savepoint), the lever that
    // took HTTP scheduling from a commit per request to a fraction of one (docs/benchmarks.md).
    return this.uow.run(async (tx) => {
      checkWhenFields(SendNotification.type, command);
      const { props, sourceKey } = newDeliveryOf(command);
      const key = command.idempotencyKey;
      // Only a keyed request is compared with a later replay: the digest is not free per send.
      const fingerprint =
        key === undefined
          ? undefined
          : requestFingerprint(
              props,
              command.when === undefined
                ? undefined
                : { text: command.when, timeZone: command.timeZone ?? null },
            );
      if (key !== undefined) {
        const existing = await this.deliveries.findByIdempotencyKey(tx, command.recipientId, key);
        if (existing) {
          const first = await this.idempotency.fingerprintOf(tx, command.recipientId, key);
          // A key used before fingerprints were kept has none: it replays as it always did.
          if (first !== undefined && first !== fingerprint) {
            throw new IdempotencyKeyReusedError(command.recipientId, key, existing.id);
          }
          return { delivery: toNotificationView(existing), created: false };
        }
      }
      const now = toIsoUtc(this.clock.now());
      if (sourceKey) {
        const taken = await this.deliveries.findIdBySourceKey(tx, command.recipientId, sourceKey);
        if (taken !== undefined) {
          throw new NotificationSourceKeyTakenError(command.recipientId, taken, sourceKey);
        }
      }
      const resolved = await resolveWhenField(command, now, () =>
        this.series.zoneOf(tx, command.recipientId),
      );
      const leads = await defaultLeadsOf(tx, this.rules, [command]);
      const withLead = withDefaultLead(
        command,
        resolved === undefined ? props : { ...props, scheduledAt: resolved.instant },
        leads,
      );
      const repeat =
        command.repeat === undefined
          ? null
          : await this.series.ruleFor(
              tx,
              {
                recipientId: command.recipientId,
                // A series named in no zone follows the zone `when` was read in.
                repeat: {
                  ...command.repeat,
                  timeZone: command.repeat.timeZone ?? resolved?.timeZone,
                },
                start: withLead.scheduledAt ?? null,
                refused: (['eventAt', 'expiresAt', 'rule', 'source'] as const).filter(
                  (f) => command[f] !== undefined,
                ),
              },
              now,
            );
      const delivery = NotificationDelivery.create(
        repeat === null ? withLead : { ...withLead, scheduledAt: repeat.start },
        now,
        this.ids.next(),
        this.options.due,
      );
      const sends = delivery.isDue(now) ? await this.firing.fire(tx, [delivery], now) : [];
      await this.deliveries.insert(tx, delivery);
      if (key !== undefined && fingerprint !== undefined) {
        await this.idempotency.recordMany(tx, [
          { recipientId: command.recipientId, idempotencyKey: key, fingerprint },
        ]);
      }
      if (delivery.dueAt !== null) {
        await this.wakeUp.wakeAt(tx, delivery.dueAt);
      }
      const series = repeat === null ? null : await this.series.start(tx, delivery, repeat, now);
      tx.recordEvents(delivery.pullEvents());
      const view = toNotificationView(
        delivery,
        sends.map((s) => s.snapshot()),
      );
      return {
        delivery: {
          ...view,
          ...(series === null ? {} : { repeat: series.view() }),
          ...(resolved === undefined ? {} : { resolvedWhen: resolved }),
        },
        created: true,
      };
    }, GROUPED);
  }
}
