// `@tickler/notifications`: the public contract of the notifications context — its commands
// (with their result types), views, events, errors, and the webhook signature receivers verify
// (Standard Webhooks).
// Importing it loads no wiring: the factory, DI tokens and adapters are
// `@tickler/notifications/context`, for the processes that compose the context.
export * from './application/notification.view';
export {
  type HttpView,
  type InboxItemJson,
  type NotificationJson,
  type SubscriptionJson,
} from './application/http-view';

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
export { DeleteNotification } from './application/delete-notification/delete-notification.command';
export { RescheduleNotification } from './application/reschedule-notification/reschedule-notification.command';
export { SendNotificationNow } from './application/send-notification-now/send-notification-now.command';
export { ListNotifications } from './application/list-notifications/list-notifications.command';
export { GetNotification } from './application/get-notification/get-notification.command';
export { ListInbox } from './application/list-inbox/list-inbox.command';
export { MarkInboxRead } from './application/mark-inbox-read/mark-inbox-read.command';
export { RegisterSubscription } from './application/register-subscription/register-subscription.command';
export { ResumeSubscription } from './application/resume-subscription/resume-subscription.command';
export { ConfirmSubscription } from './application/confirm-subscription/confirm-subscription.command';
export {
  DeliverChannelSends,
  type DeliverChannelSendsResult,
} from './application/deliver-channel-sends/deliver-channel-sends.command';
export {
  CHANNEL_KINDS,
  SUBSCRIPTION_KINDS,
  INBOX_CHANNEL,
  MAX_CHANNELS,
  type ChannelKind,
} from './application/channel-kinds';
export { GUARANTEES } from './domain/channel-send.state';
export { ListSubscriptions } from './application/list-subscriptions/list-subscriptions.command';
export { RemoveSubscription } from './application/remove-subscription/remove-subscription.command';
export {
  PushKeysInput,
  PushSubscriptionInput,
} from './application/register-subscription/push-subscription.input';
export {
  GetVapidPublicKey,
  type VapidPublicKeyView,
} from './application/get-vapid-public-key/get-vapid-public-key.command';
export {
  DeliverDueNotifications,
  DeliverDueInTransactionError,
} from './application/deliver-due-notifications/deliver-due-notifications.command';
export {
  CheckDueNotifications,
  type CheckDueResult,
} from './application/check-due-notifications/check-due-notifications.command';
export {
  ReconcileScheduled,
  PlannedNotificationInput,
  type PlannedNotification,
  DEFAULT_PRUNE_AFTER_DAYS,
  MAX_PLAN_ENTRIES,
} from './application/reconcile-scheduled/reconcile-scheduled.command';
export { CountDeliveriesByStatus } from './application/count-deliveries-by-status/count-deliveries-by-status.command';
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
export {
  NotificationChannelSent,
  NotificationChannelFailed,
  type ChannelSendPayload,
  type ChannelFailedPayload,
} from './domain/channel-send-events';
export * from './domain/notification.errors';

export { signStandardWebhook } from './infrastructure/channels/webhook/standard-webhooks-signature';

export * from './domain/recurrence';
export { GetRecipientProfile } from './application/get-recipient-profile/get-recipient-profile.command';
export {
  UpdateRecipientProfile,
  QuietHoursInput,
  DigestInput,
} from './application/update-recipient-profile/update-recipient-profile.command';
export { SnoozeInboxItem } from './application/snooze-inbox-item/snooze-inbox-item.command';
export { type RecipientProfileView } from './application/recipient-profile.view';
export {
  RecipientProfileUpdated,
  type RecipientProfileUpdatedPayload,
  type QuietHours,
  type DigestSettings,
  type Weekday,
  WEEKDAYS,
} from './domain/recipient-profile';
export { ParseTime } from './application/parse-time/parse-time.command';
export {
  resolveWhen,
  type ResolveWhenOptions,
  type ResolvedWhen,
  DEFAULT_TIME_OF_DAY,
  WHEN_MAX_LENGTH,
} from './application/time/resolve-when';
export {
  ListOccurrences,
  MAX_OCCURRENCES_PER_CALL,
  type OccurrencesView,
  type RecordedOccurrenceView,
  type UpcomingOccurrenceView,
} from './application/list-occurrences/list-occurrences.command';
export { RepeatInput, SERIES_SCOPES, type SeriesScope } from './application/series/repeat.input';
export { type RepeatView } from './application/series/series.view';
export { type RecipientTimeZone } from './application/ports/recipient-time-zone.port';
export { SERIES_TOKENS } from './series.tokens';
export { NotificationNotRecurringError } from './domain/series.errors';
// The schema's history, for `tickler migrate` (it brings a PostgreSQL schema up to date without
// composing the context).
export { notificationsMigrations } from './infrastructure/notifications.migrations';
