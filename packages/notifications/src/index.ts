// Public surface of the notifications context: the context factory, its commands, views,
// events and errors. Everything else (repositories, rows, adapters) stays inside.
export { notificationsContext, type NotificationsContextOptions } from './notifications.context';
export { type NotificationsOptions } from './application/notifications.options';
export { NOTIFICATIONS_TOKENS } from './notifications.tokens';
export * from './application/notification.view';

export { SendNotification, NotificationSourceInput, type SendNotificationResult } from './application/send-notification/send-notification.command';
export { DeliverDueNotifications } from './application/deliver-due-notifications/deliver-due-notifications.command';

export { NotificationScheduled, type NotificationScheduledPayload } from './domain/notification-scheduled.event';
export { NotificationSentEvent, type NotificationSentPayload } from './domain/notification-sent.event';
export { NotificationCanceled, type NotificationCanceledPayload } from './domain/notification-canceled.event';
export { NotificationMissed, type NotificationMissedPayload } from './domain/notification-missed.event';
export { NotificationFailed, type NotificationFailedPayload } from './domain/notification-failed.event';
export { NotificationRescheduled, type NotificationRescheduledPayload } from './domain/notification-rescheduled.event';
export * from './domain/notification.errors';

export { NotificationDeliveryLogProjector } from './infrastructure/notification-delivery-log.projector';
export { DELIVER_DUE_WAKE_UP_KEY } from './infrastructure/queue-delivery-wake-up';
export { signWebhook, verifyWebhookSignature } from './infrastructure/webhook-signature';
