// `@tickler/notifications`: the public contract of the notifications context — what its callers
// use: commands (with their result types), views, events, errors and the vocabulary they name
// (channel kinds, guarantees). Importing it loads no wiring: the factory, migrations, DI tokens
// and adapters are `@tickler/notifications/context`, for the processes that compose the
// context. The time rules (recurrence, `when` texts) are `@tickler/time`.
export * from './shared/application/notification.view';
export {
  type HttpView,
  type InboxItemJson,
  type NotificationJson,
  type SubscriptionJson,
} from './shared/application/http-view';

export {
  SendNotification,
  NotificationSourceInput,
  type SendNotificationResult,
} from './delivery/application/send-notification/send-notification.command';
export {
  SendNotifications,
  MAX_SEND_ITEMS,
  type SendNotificationsResult,
} from './delivery/application/send-notifications/send-notifications.command';
export { CancelNotification } from './delivery/application/cancel-notification/cancel-notification.command';
export { UncancelNotification } from './delivery/application/uncancel-notification/uncancel-notification.command';
export { DeleteNotification } from './delivery/application/delete-notification/delete-notification.command';
export { RescheduleNotification } from './delivery/application/reschedule-notification/reschedule-notification.command';
export { SendNotificationNow } from './delivery/application/send-notification-now/send-notification-now.command';
export { ListNotifications } from './delivery/application/list-notifications/list-notifications.command';
export { GetNotification } from './delivery/application/get-notification/get-notification.command';
export { ListInbox } from './delivery/application/list-inbox/list-inbox.command';
export { MarkInboxRead } from './delivery/application/mark-inbox-read/mark-inbox-read.command';
export { RegisterSubscription } from './channels/application/register-subscription/register-subscription.command';
export { ResumeSubscription } from './channels/application/resume-subscription/resume-subscription.command';
export {
  FollowActionLink,
  type ActionLinkOutcome,
} from './channels/application/follow-action-link/follow-action-link.command';
export { ConfirmSubscription } from './channels/application/confirm-subscription/confirm-subscription.command';
export {
  DeliverChannelSends,
  type DeliverChannelSendsResult,
} from './channels/application/deliver-channel-sends/deliver-channel-sends.command';
export {
  CHANNEL_KINDS,
  SUBSCRIPTION_KINDS,
  type ChannelKind,
} from './shared/application/channel-kinds';
export { CHANNEL_SEND_STATUSES, GUARANTEES } from './shared/domain/channel-send.state';
export { ListOperatorSends } from './channels/application/operator/list-operator-sends.command';
export {
  GetQueueInstants,
  type QueueInstantsView,
} from './channels/application/operator/get-queue-instants.command';
export { RetryChannelSend } from './channels/application/operator/retry-channel-send.command';
export {
  RETRY_ALL_BATCH,
  RetryAllChannelSends,
  type RetryAllView,
} from './channels/application/operator/retry-all-channel-sends.command';
export {
  type ChannelStateView,
  ListChannelStates,
  PauseChannel,
  ResumeChannel,
} from './channels/application/operator/channel-pause.command';
export { type OperatorSendView } from './channels/application/operator/operator-send.view';
export {
  ListPausedSubscriptions,
  PauseSubscriptionSends,
  ResumeSubscriptionSends,
  type SubscriptionPauseView,
} from './channels/application/operator/subscription-pause.command';
export { ListSubscriptions } from './channels/application/list-subscriptions/list-subscriptions.command';
export { RemoveSubscription } from './channels/application/remove-subscription/remove-subscription.command';
export {
  PushKeysInput,
  PushSubscriptionInput,
} from './channels/application/register-subscription/push-subscription.input';
export {
  GetVapidPublicKey,
  type VapidPublicKeyView,
} from './channels/application/get-vapid-public-key/get-vapid-public-key.command';
export {
  DeliverDueNotifications,
  DeliverDueInTransactionError,
} from './delivery/application/deliver-due-notifications/deliver-due-notifications.command';
export {
  PruneExpired,
  type PruneExpiredResult,
} from './delivery/application/prune-expired/prune-expired.command';
export {
  CheckDueNotifications,
  type CheckDueResult,
} from './delivery/application/check-due-notifications/check-due-notifications.command';
export {
  ReconcileScheduled,
  MAX_PLAN_ENTRIES,
  PlannedNotificationInput,
  type PlannedNotification,
} from './delivery/application/reconcile-scheduled/reconcile-scheduled.command';
// A producer's helper: one planned entry per recipient of a fan-out.
export { fanOut } from './delivery/application/fan-out';
export { CountDeliveriesByStatus } from './delivery/application/count-deliveries-by-status/count-deliveries-by-status.command';
export {
  InvalidLeadRuleError,
  LeadRuleAnchorMissingError,
  LeadRuleBeforeEpochError,
} from './delivery/domain/lead-rule';

export {
  NotificationScheduled,
  type NotificationScheduledPayload,
} from './delivery/domain/notification-scheduled.event';
export {
  NotificationSentEvent,
  type NotificationSentPayload,
} from './delivery/domain/notification-sent.event';
export {
  NotificationCanceled,
  type NotificationCanceledPayload,
  type CancelReason,
} from './delivery/domain/notification-canceled.event';
export {
  NotificationMissed,
  type NotificationMissedPayload,
} from './delivery/domain/notification-missed.event';
export {
  NotificationFailed,
  type NotificationFailedPayload,
} from './delivery/domain/notification-failed.event';
export {
  NotificationRescheduled,
  type NotificationRescheduledPayload,
} from './delivery/domain/notification-rescheduled.event';
export {
  NotificationChannelSent,
  NotificationChannelFailed,
  type ChannelSendPayload,
  type ChannelFailedPayload,
} from './channels/domain/channel-send-events';
export * from './shared/domain/notification.errors';

export { GetRecipientProfile } from './profile/application/get-recipient-profile/get-recipient-profile.command';
export {
  UpdateRecipientProfile,
  QuietHoursInput,
  DigestInput,
} from './profile/application/update-recipient-profile/update-recipient-profile.command';
export { GetPreferences } from './preferences/application/get-preferences/get-preferences.command';
export {
  UpdatePreferences,
  PreferenceInput,
  MAX_PREFERENCES_PER_UPDATE,
} from './preferences/application/update-preferences/update-preferences.command';
export {
  type PreferencesView,
  type PreferenceView,
} from './preferences/application/preferences.view';
export { PERSON_SOURCE, DEFAULT_ENABLED } from './preferences/domain/channel-preference';
export { SnoozeInboxItem } from './delivery/application/snooze-inbox-item/snooze-inbox-item.command';
export { type RecipientProfileView } from './profile/application/recipient-profile.view';
export {
  RecipientProfileUpdated,
  type RecipientProfileUpdatedPayload,
  type QuietHours,
  type DigestSettings,
  type Weekday,
  WEEKDAYS,
} from './profile/domain';
export { ParseTime } from './delivery/application/parse-time/parse-time.command';
export {
  ListOccurrences,
  type OccurrencesView,
  type RecordedOccurrenceView,
  type UpcomingOccurrenceView,
} from './series/application/list-occurrences/list-occurrences.command';
export { RepeatInput, SERIES_SCOPES, type SeriesScope } from './shared/application/repeat.input';
export { EscalateInput, FallbackInput } from './shared/application/escalate.input';
export { type RepeatView } from './series/application/series.view';
export { NotificationNotRecurringError } from './shared/domain/series.errors';
export { SAFETY_SWEEP_EVERY } from './delivery/delivery.module';
