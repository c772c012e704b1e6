import { type ContextModule } from '../shared/context-module';
import { NOTIFICATIONS_TOKENS } from '../shared/notifications.tokens';
import { SERIES_TOKENS } from '../shared/series.tokens';
import { QueueDeliveryWakeUp } from '../shared/infrastructure/queue-delivery-wake-up';
import { CancelNotificationHandler } from './application/cancel-notification/cancel-notification.handler';
import { CheckDueNotificationsHandler } from './application/check-due-notifications/check-due-notifications.handler';
import { CountDeliveriesByStatusHandler } from './application/count-deliveries-by-status/count-deliveries-by-status.handler';
import { DeleteNotificationHandler } from './application/delete-notification/delete-notification.handler';
import { DeliverDueNotificationsHandler } from './application/deliver-due-notifications/deliver-due-notifications.handler';
import { DueTimeRules } from './application/deliver-due-notifications/due-time-rules';
import { MissedNotices } from './application/deliver-due-notifications/missed-notices';
import { GetNotificationHandler } from './application/get-notification/get-notification.handler';
import { ListInboxHandler } from './application/list-inbox/list-inbox.handler';
import { ListNotificationsHandler } from './application/list-notifications/list-notifications.handler';
import { MarkInboxReadHandler } from './application/mark-inbox-read/mark-inbox-read.handler';
import { ParseTimeHandler } from './application/parse-time/parse-time.handler';
import { ReconcileScheduledHandler } from './application/reconcile-scheduled/reconcile-scheduled.handler';
import { RescheduleNotificationHandler } from './application/reschedule-notification/reschedule-notification.handler';
import { SendNotificationNowHandler } from './application/send-notification-now/send-notification-now.handler';
import { SendNotificationHandler } from './application/send-notification/send-notification.handler';
import { SendNotificationsHandler } from './application/send-notifications/send-notifications.handler';
import { UncancelNotificationHandler } from './application/uncancel-notification/uncancel-notification.handler';
import { SnoozeInboxItemHandler } from './application/snooze-inbox-item/snooze-inbox-item.handler';
import { KyselyDueInstants } from './infrastructure/kysely-due-instants';
import { KyselyIdempotencyRepository } from './infrastructure/kysely-idempotency.repository';
import { KyselyInboxRepository } from './infrastructure/kysely-inbox.repository';
import { KyselyNotificationDeliveryRepository } from './infrastructure/kysely-notification-delivery.repository';
import { KyselyWithdrawalRepository } from './infrastructure/kysely-withdrawal.repository';
import { DeliveryLogPolicy } from './infrastructure/delivery-log.policy';
import { NotificationDeliveryLogProjector } from './infrastructure/notification-delivery-log.projector';

/**
 * Deliveries: the `NotificationDelivery` aggregate, its inbox, the dispatcher (deliver-due and
 * its minutely safety net), reconcile. Owns the ports the other modules implement
 * (`RecurringSeries`, `DeliveryOutlets`, `RecipientRules`).
 */
/**
 * How often the safety sweep looks for due rows the exact timer did not fire (a lost wake-up, a
 * paused machine). A grace window must outlast it plus slack (seed 004), checked at start.
 */
export const SAFETY_SWEEP_EVERY = '1m';

export const deliveryModule: ContextModule = {
  bind(bind) {
    bind(NOTIFICATIONS_TOKENS.DeliveryRepository)
      .to(KyselyNotificationDeliveryRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.InboxRepository).to(KyselyInboxRepository).inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.IdempotencyRepository)
      .to(KyselyIdempotencyRepository)
      .inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.DueInstants).to(KyselyDueInstants).inSingletonScope();
    bind(NOTIFICATIONS_TOKENS.WakeUp).to(QueueDeliveryWakeUp).inSingletonScope();
    bind(SERIES_TOKENS.Withdrawals).to(KyselyWithdrawalRepository).inSingletonScope();
    bind(MissedNotices).toSelf().inSingletonScope();
    bind(DueTimeRules).toSelf().inSingletonScope();
  },
  commands: [
    SendNotificationHandler,
    SendNotificationsHandler,
    CancelNotificationHandler,
    UncancelNotificationHandler,
    DeleteNotificationHandler,
    RescheduleNotificationHandler,
    SendNotificationNowHandler,
    ListNotificationsHandler,
    GetNotificationHandler,
    ListInboxHandler,
    MarkInboxReadHandler,
    SnoozeInboxItemHandler,
    ReconcileScheduledHandler,
    CountDeliveriesByStatusHandler,
    ParseTimeHandler,
    DeliverDueNotificationsHandler,
  ],
  // The log is written in the sending transaction; the projector only finishes rows an earlier
  // release queued.
  policies: [DeliveryLogPolicy],
  events: [NotificationDeliveryLogProjector],
  // The safety net runs in its claim transaction: idle, a run is one commit that reads the
  // next due instant and writes only its own re-arm.
  jobs: [
    {
      handler: CheckDueNotificationsHandler,
      // After downtime one sweep stands for the missed ones (they would all look at the same
      // rows); each occurrence is in the kernel's ledger (`queue.jobOccurrences`, /metrics).
      repeat: { every: SAFETY_SWEEP_EVERY, onMissed: 'run-once', grace: SAFETY_SWEEP_EVERY },
      inClaimTransaction: true,
    },
  ],
};
