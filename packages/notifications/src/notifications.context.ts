import { CancelNotificationHandler } from './application/cancel-notification/cancel-notification.handler';
import { DeleteNotificationHandler } from './application/delete-notification/delete-notification.handler';
import { RescheduleNotificationHandler } from './application/reschedule-notification/reschedule-notification.handler';
import { SendNotificationNowHandler } from './application/send-notification-now/send-notification-now.handler';
import { ListNotificationsHandler } from './application/list-notifications/list-notifications.handler';
import { GetNotificationHandler } from './application/get-notification/get-notification.handler';
import { ListInboxHandler } from './application/list-inbox/list-inbox.handler';
import { MarkInboxReadHandler } from './application/mark-inbox-read/mark-inbox-read.handler';
import { RegisterSubscriptionHandler } from './application/register-subscription/register-subscription.handler';
import { ResumeSubscriptionHandler } from './application/resume-subscription/resume-subscription.handler';
import { ConfirmSubscriptionHandler } from './application/confirm-subscription/confirm-subscription.handler';
import { ListSubscriptionsHandler } from './application/list-subscriptions/list-subscriptions.handler';
import { RemoveSubscriptionHandler } from './application/remove-subscription/remove-subscription.handler';
import { ReconcileScheduledHandler } from './application/reconcile-scheduled/reconcile-scheduled.handler';
import { CountDeliveriesByStatusHandler } from './application/count-deliveries-by-status/count-deliveries-by-status.handler';
import { ParseTimeHandler } from './application/parse-time/parse-time.handler';
import { GetRecipientProfileHandler } from './application/get-recipient-profile/get-recipient-profile.handler';
import { UpdateRecipientProfileHandler } from './application/update-recipient-profile/update-recipient-profile.handler';
import { SnoozeInboxItemHandler } from './application/snooze-inbox-item/snooze-inbox-item.handler';
import { KyselyRecipientProfileRepository } from './infrastructure/kysely-recipient-profile.repository';
import { ListOccurrencesHandler } from './application/list-occurrences/list-occurrences.handler';
import { BoundedContext } from '@tickler/core';
import { ContainerModule } from 'inversify';
import { CheckDueNotificationsHandler } from './application/check-due-notifications/check-due-notifications.handler';
import { DeliverDueNotificationsHandler } from './application/deliver-due-notifications/deliver-due-notifications.handler';
import {
  type NotificationsOptions,
  resolveNotificationsOptions,
} from './application/notifications.options';
import { ChannelRegistry } from './application/channels/channel-registry';
import { DeliveryFiring } from './application/channels/fire-deliveries';
import { MissedNotices } from './application/deliver-due-notifications/missed-notices';
import { DueTimeRules } from './application/deliver-due-notifications/due-time-rules';
import { ChannelSendPool } from './application/deliver-channel-sends/channel-send-pool';
import { ChannelSendSettler } from './application/deliver-channel-sends/channel-send-settler';
import { DeliverChannelSendsHandler } from './application/deliver-channel-sends/deliver-channel-sends.handler';
import { SendLoopKick } from './application/deliver-channel-sends/send-loop-kick';
import { type ExternalChannel } from './application/ports/delivery-channel.port';
import { SendNotificationHandler } from './application/send-notification/send-notification.handler';
import { SendNotificationsHandler } from './application/send-notifications/send-notifications.handler';
import { ChannelSendClaims } from './infrastructure/channel-send-claims';
import { InboxChannel } from './infrastructure/channels/inbox/inbox.channel';
import { WebhookChannel } from './infrastructure/channels/webhook/webhook.channel';
import { GetVapidPublicKeyHandler } from './application/get-vapid-public-key/get-vapid-public-key.handler';
import { type EmailOptions } from './infrastructure/channels/email/email.options';
import { bindEmailChannel } from './infrastructure/channels/email/email.registration';
import { SmtpEmailChannel } from './infrastructure/channels/email/smtp-email-channel';
import { type PushOptions } from './infrastructure/channels/push/push.options';
import { bindPushChannel } from './infrastructure/channels/push/push.registration';
import { WebPushChannel } from './infrastructure/channels/push/web-push-channel';
import { KyselyChannelSendRepository } from './infrastructure/kysely-channel-send.repository';
import { KyselyDueInstants } from './infrastructure/kysely-due-instants';
import { TargetGuard } from './infrastructure/outbound/target-guard';
import { KyselyIdempotencyRepository } from './infrastructure/kysely-idempotency.repository';
import { KyselyInboxRepository } from './infrastructure/kysely-inbox.repository';
import { KyselyNotificationDeliveryRepository } from './infrastructure/kysely-notification-delivery.repository';
import { KyselySubscriptionRepository } from './infrastructure/kysely-subscription.repository';
import { NotificationDeliveryLogProjector } from './infrastructure/notification-delivery-log.projector';
import { notificationsMigrations } from './infrastructure/notifications.migrations';
import {
  QueueChannelSendsWakeUp,
  QueueDeliveryWakeUp,
} from './infrastructure/queue-delivery-wake-up';
import { NOTIFICATIONS_TOKENS } from './notifications.tokens';
import { SeriesSettlePolicy } from './application/series/series-settle.policy';
import { bindSeries } from './infrastructure/series.bindings';

/**
 * The external channels of the context: ONE registration per channel (its adapter class, one
 * folder each under `infrastructure/channels/<kind>/`), its kind named in `CHANNEL_KINDS`. The
 * inbox, the in-transaction channel, is bound below. Adding a channel: docs/channels.md.
 */
export const EXTERNAL_CHANNELS: readonly (new (...args: never[]) => ExternalChannel)[] = [
  WebhookChannel,
  WebPushChannel,
  SmtpEmailChannel,
];

/** Options of the context plus replaceable adapters (tests, embedding). */
export interface NotificationsContextOptions extends NotificationsOptions {
  /**
   * Replaces registered external channels by kind (a test's stand-in adapter, an embedding's
   * own transport): same kind, another implementation.
   */
  channels?: readonly ExternalChannel[];
  /** The web push channel: VAPID key file and subject, TTL, urgency, timeouts, retries. */
  push?: PushOptions;
  /** The email channel: SMTP URL and From (unset: no email), timeouts, retries. */
  email?: EmailOptions;
}

/** The handlers of every public command. */
const COMMAND_HANDLERS = [
  SendNotificationHandler,
  SendNotificationsHandler,
  CancelNotificationHandler,
  DeleteNotificationHandler,
  RescheduleNotificationHandler,
  SendNotificationNowHandler,
  ListNotificationsHandler,
  GetNotificationHandler,
  ListInboxHandler,
  MarkInboxReadHandler,
  RegisterSubscriptionHandler,
  ResumeSubscriptionHandler,
  ConfirmSubscriptionHandler,
  ListSubscriptionsHandler,
  RemoveSubscriptionHandler,
  ReconcileScheduledHandler,
  CountDeliveriesByStatusHandler,
  ParseTimeHandler,
  ListOccurrencesHandler,
  DeliverDueNotificationsHandler,
  DeliverChannelSendsHandler,
  GetVapidPublicKeyHandler,
  GetRecipientProfileHandler,
  UpdateRecipientProfileHandler,
  SnoozeInboxItemHandler,
];

/**
 * The notifications bounded context, ready for `Application.create({ contexts: [...] })`:
 * migrations, bindings (repositories, the channels, the send loop), command handlers, the
 * delivery-log projector, and the minutely check-due job (the safety net behind the exact-time
 * wake-ups of the dispatcher and of the send loop).
 */
export function notificationsContext(options: NotificationsContextOptions = {}): BoundedContext {
  const resolved = resolveNotificationsOptions(options);
  const bindings = new ContainerModule(({ bind }) => {
    bind(NOTIFICATIONS_TOKENS.Options).toConstantValue(resolved);
    bind(NOTIFICATIONS_TOKENS.DeliveryRepository)
      .to(KyselyNotificationDeliveryRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.InboxRepository).to(KyselyInboxRepository).inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.IdempotencyRepository)
      .to(KyselyIdempotencyRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.SubscriptionRepository)
      .to(KyselySubscriptionRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.ChannelSendRepository)
      .to(KyselyChannelSendRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.RecipientProfileRepository)
      .to(KyselyRecipientProfileRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.DueInstants).to(KyselyDueInstants).inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.WakeUp).to(QueueDeliveryWakeUp).inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.SendsWakeUp).to(QueueChannelSendsWakeUp).inSingletonScope();
    bind(TargetGuard).toSelf().inSingletonScope();
    // What the push and email adapters need besides their registration below.
    bindPushChannel({ bind }, options.push);
    bindEmailChannel({ bind }, options.email);
    bindSeries({ bind });
    bind(NOTIFICATIONS_TOKENS.InTransactionChannel).to(InboxChannel).inSingletonScope();
    const replaced = new Map((options.channels ?? []).map((c) => [c.kind, c]));
    for (const channel of EXTERNAL_CHANNELS) {
      bind(NOTIFICATIONS_TOKENS.ExternalChannel).to(channel).inSingletonScope();
    }
    bind(NOTIFICATIONS_TOKENS.Channels)
      .toDynamicValue((ctx) => {
        const registered = ctx.getAll<ExternalChannel>(NOTIFICATIONS_TOKENS.ExternalChannel);
        return new ChannelRegistry(
          ctx.get(NOTIFICATIONS_TOKENS.InTransactionChannel),
          registered.map((c) => replaced.get(c.kind) ?? c),
        );
      })
      .inSingletonScope();
    bind(DeliveryFiring).toSelf().inSingletonScope();
    bind(MissedNotices).toSelf().inSingletonScope();
    bind(DueTimeRules).toSelf().inSingletonScope();
    bind(ChannelSendSettler).toSelf().inSingletonScope();
    bind(ChannelSendPool).toSelf().inSingletonScope();
    bind(SendLoopKick).toSelf().inSingletonScope();
  });
  return BoundedContext.create({
    name: 'notifications',
    migrations: notificationsMigrations,
    bindings,
    commands: COMMAND_HANDLERS,
    events: [NotificationDeliveryLogProjector],
    // A settled occurrence of a series schedules the next one in the same transaction.
    policies: [SeriesSettlePolicy],
    // Channel sends in flight are freed at once when their instance dies; at stop they are
    // waited for up to the deadline, then released.
    claims: [ChannelSendClaims],
    // The safety net runs in its claim transaction: idle, a run is one commit that reads the
    // next due instant and writes only its own re-arm.
    jobs: [
      {
        handler: CheckDueNotificationsHandler,
        // After downtime one sweep stands for the missed ones (they would all look at the same
        // rows); each occurrence is in the kernel's ledger (`queue.jobOccurrences`, /metrics).
        repeat: { every: '1m', onMissed: 'run-once', grace: '1m' },
        inClaimTransaction: true,
      },
    ],
  });
}
