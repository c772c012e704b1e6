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
import { toNotificationView } from '../notification-view.mapper';
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { idempotencyKeyOf, type IdempotencyRepository } from '../ports/idempotency.repository';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type RecipientRules } from '../ports/recipient-rules.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { defaultLeadsOf, withDefaultLead } from './default-lead';
import { type RecurringSeries } from '../ports/recurring-series.port';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { newDeliveryOf } from './new-delivery-of';
import { replayOf } from './replay-of';
import { requestFingerprint, sameRequest } from './request-fingerprint';
import { checkWhenFields, resolveWhenField } from '../when-field';
import { SendNotification, type SendNotificationResult } from './send-notification.command';

const GROUPED = { group: true } as const;

/**
 * Creates a delivery in one transaction: the row, and when it goes out at once its firing
 * (inbox row, pending channel sends, the send loop's wake-up), or the dispatcher's wake-up when
 * queued. An idempotency key used before follows {@link replayOf}.
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
      const requested = newDeliveryOf(command);
      const { props, sourceKey } = requested;
      const key = command.idempotencyKey;
      if (key !== undefined) {
        const use = { recipientId: command.recipientId, idempotencyKey: key };
        const replay = replayOf(
          {
            delivery: await this.deliveries.findByIdempotencyKey(tx, command.recipientId, key),
            fingerprint: (await this.idempotency.fingerprintsOf(tx, [use])).get(
              idempotencyKeyOf(use),
            ),
          },
          (recorded) => sameRequest(recorded, requested, command),
          { ...use, field: 'idempotencyKey' },
        );
        if (replay !== undefined) {
          return { delivery: toNotificationView(replay), created: false };
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
      if (key !== undefined) {
        // Only a keyed request is fingerprinted: the digest is not free per send.
        const fingerprint = requestFingerprint(requested, command);
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
