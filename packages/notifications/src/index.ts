// Public surface of the notifications context: the context factory, its commands, views,
// events and errors. Everything else (repositories, rows, adapters) stays inside.
export { notificationsContext, type NotificationsContextOptions } from './notifications.context';
export { type NotificationsOptions } from './application/notifications.options';
export { NOTIFICATIONS_TOKENS } from './notifications.tokens';
export * from './application/notification.view';

export {
  SendNotification,
  NotificationSourceInput,
  type SendNotificationResult,
} from './application/send-notification/send-notification.command';
export {
  SendNotifications,
  MAX_SEND_ITEMS,
  type SendNotificationsResult,
} from './application/send-notifications/send-notifications.command';
export { CancelNotification } from './application/cancel-notification/cancel-notification.command';
export { RescheduleNotification } from './application/reschedule-notification/reschedule-notification.command';
export { SendNotificationNow } from './application/send-notification-now/send-notification-now.command';
export { ListNotifications } from './application/list-notifications/list-notifications.command';
export { GetNotification } from './application/get-notification/get-notification.command';
export { ListInbox } from './application/list-inbox/list-inbox.command';
export { MarkInboxRead } from './application/mark-inbox-read/mark-inbox-read.command';
export { RegisterWebhook } from './application/register-webhook/register-webhook.command';
export { ListSubscriptions } from './application/list-subscriptions/list-subscriptions.command';
export { RemoveSubscription } from './application/remove-subscription/remove-subscription.command';
export { DeliverDueNotifications } from './application/deliver-due-notifications/deliver-due-notifications.command';
export {
  ReconcileScheduled,
  PlannedNotificationInput,
  type PlannedNotification,
  DEFAULT_PRUNE_AFTER_DAYS,
  MAX_PLAN_ENTRIES,
} from './application/reconcile-scheduled/reconcile-scheduled.command';
export { fanOut } from './application/fan-out';
export {
  LeadRule,
  type LeadAnchor,
  InvalidLeadRuleError,
  LeadRuleAnchorMissingError,
  LeadRuleBeforeEpochError,
} from './domain/lead-rule';

export {
  NotificationScheduled,
  type NotificationScheduledPayload,
} from './domain/notification-scheduled.event';
export {
  NotificationSentEvent,
  type NotificationSentPayload,
} from './domain/notification-sent.event';
export {
  NotificationCanceled,
  type NotificationCanceledPayload,
  type CancelReason,
} from './domain/notification-canceled.event';
export {
  NotificationMissed,
  type NotificationMissedPayload,
} from './domain/notification-missed.event';
export {
  NotificationFailed,
  type NotificationFailedPayload,
} from './domain/notification-failed.event';
export {
  NotificationRescheduled,
  type NotificationRescheduledPayload,
} from './domain/notification-rescheduled.event';
export * from './domain/notification.errors';

export { NotificationDeliveryLogProjector } from './infrastructure/notification-delivery-log.projector';
export { DELIVER_DUE_WAKE_UP_KEY } from './infrastructure/queue-delivery-wake-up';
export { signWebhook, verifyWebhookSignature } from './infrastructure/webhook-signature';
