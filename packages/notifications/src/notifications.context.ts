import { CancelNotificationHandler } from './application/cancel-notification/cancel-notification.handler';
import { RescheduleNotificationHandler } from './application/reschedule-notification/reschedule-notification.handler';
import { SendNotificationNowHandler } from './application/send-notification-now/send-notification-now.handler';
import { ListNotificationsHandler } from './application/list-notifications/list-notifications.handler';
import { GetNotificationHandler } from './application/get-notification/get-notification.handler';
import { ListInboxHandler } from './application/list-inbox/list-inbox.handler';
import { MarkInboxReadHandler } from './application/mark-inbox-read/mark-inbox-read.handler';
import { RegisterWebhookHandler } from './application/register-webhook/register-webhook.handler';
import { ListSubscriptionsHandler } from './application/list-subscriptions/list-subscriptions.handler';
import { RemoveSubscriptionHandler } from './application/remove-subscription/remove-subscription.handler';
import { ReconcileScheduledHandler } from './application/reconcile-scheduled/reconcile-scheduled.handler';
import { CountDeliveriesByStatusHandler } from './application/count-deliveries-by-status/count-deliveries-by-status.handler';
import { ParseTimeHandler } from './application/parse-time/parse-time.handler';
import { BoundedContext } from '@tickler/core';
import { ContainerModule } from 'inversify';
import { CheckDueNotificationsHandler } from './application/check-due-notifications/check-due-notifications.handler';
import { DeliverDueNotificationsHandler } from './application/deliver-due-notifications/deliver-due-notifications.handler';
import {
  type NotificationsOptions,
  resolveNotificationsOptions,
} from './application/notifications.options';
import { type SecretGenerator } from './application/ports/secret-generator.port';
import { type WebhookSender } from './application/ports/webhook-sender.port';
import { SendNotificationHandler } from './application/send-notification/send-notification.handler';
import { SendNotificationsHandler } from './application/send-notifications/send-notifications.handler';
import { DeliveryClaims } from './infrastructure/delivery-claims';
import { KyselyIdempotencyRepository } from './infrastructure/kysely-idempotency.repository';
import { KyselyInboxRepository } from './infrastructure/kysely-inbox.repository';
import { KyselyNotificationDeliveryRepository } from './infrastructure/kysely-notification-delivery.repository';
import { KyselySubscriptionRepository } from './infrastructure/kysely-subscription.repository';
import { NotificationDeliveryLogProjector } from './infrastructure/notification-delivery-log.projector';
import { notificationsMigrations } from './infrastructure/notifications.migrations';
import { QueueDeliveryWakeUp } from './infrastructure/queue-delivery-wake-up';
import { RandomSecretGenerator } from './infrastructure/random-secret-generator';
import { UndiciWebhookSender } from './infrastructure/undici-webhook-sender';
import { NOTIFICATIONS_TOKENS } from './notifications.tokens';

/** Options of the context plus replaceable adapters (tests, embedding). */
export interface NotificationsContextOptions extends NotificationsOptions {
  /** Replaces the undici sender (e.g. a recording fake). */
  webhookSender?: WebhookSender;
  /** Replaces the random secret generator. */
  secrets?: SecretGenerator;
}

/** The handlers of every public command. */
const COMMAND_HANDLERS = [
  SendNotificationHandler,
  SendNotificationsHandler,
  CancelNotificationHandler,
  RescheduleNotificationHandler,
  SendNotificationNowHandler,
  ListNotificationsHandler,
  GetNotificationHandler,
  ListInboxHandler,
  MarkInboxReadHandler,
  RegisterWebhookHandler,
  ListSubscriptionsHandler,
  RemoveSubscriptionHandler,
  ReconcileScheduledHandler,
  CountDeliveriesByStatusHandler,
  ParseTimeHandler,
  DeliverDueNotificationsHandler,
];

/**
 * The notifications bounded context, ready for `Application.create({ contexts: [...] })`:
 * migrations, bindings, command handlers, the delivery-log projector, and the minutely
 * check-due job (the safety net behind the exact-time wake-up).
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
    bind(NOTIFICATIONS_TOKENS.WakeUp).to(QueueDeliveryWakeUp).inSingletonScope();
    if (options.webhookSender) {
      bind(NOTIFICATIONS_TOKENS.WebhookSender).toConstantValue(options.webhookSender);
    } else {
      bind(NOTIFICATIONS_TOKENS.WebhookSender).to(UndiciWebhookSender).inSingletonScope();
    }
    if (options.secrets) {
      bind(NOTIFICATIONS_TOKENS.SecretGenerator).toConstantValue(options.secrets);
    } else {
      bind(NOTIFICATIONS_TOKENS.SecretGenerator).to(RandomSecretGenerator).inSingletonScope();
    }
  });
  return BoundedContext.create({
    name: 'notifications',
    migrations: notificationsMigrations,
    bindings,
    commands: COMMAND_HANDLERS,
    events: [NotificationDeliveryLogProjector],
    // Webhook claims are freed at once when their instance dies, and at stop.
    claims: [DeliveryClaims],
    // The safety net runs in its claim transaction: idle, a run is one commit that reads the
    // next due instant and writes only its own re-arm.
    jobs: [
      {
        handler: CheckDueNotificationsHandler,
        repeat: { every: '1m' },
        inClaimTransaction: true,
      },
    ],
  });
}
