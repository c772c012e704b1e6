// `@tickler/notifications/context`: what a process that composes the notifications context
// needs (the factory, its options, DI tokens, the adapters it may replace, the projector and the
// wake-up row's key). Callers of the context import its contract from `@tickler/notifications`.
export { notificationsContext, type NotificationsContextOptions } from './notifications.context';
export {
  type NotificationsOptions,
  type ResolvedNotificationsOptions,
} from './application/notifications.options';
export { NOTIFICATIONS_TOKENS } from './notifications.tokens';
export {
  type WebhookSender,
  type WebhookDelivery,
  type WebhookOutcome,
} from './application/ports/webhook-sender.port';
export { type SecretGenerator } from './application/ports/secret-generator.port';
export { NotificationDeliveryLogProjector } from './infrastructure/notification-delivery-log.projector';
export { DELIVER_DUE_WAKE_UP_KEY } from './infrastructure/queue-delivery-wake-up';
