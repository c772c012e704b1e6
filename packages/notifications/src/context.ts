// `@tickler/notifications/context`: the wiring — what a process that composes the notifications
// context needs (the factory, its options, its migrations, DI tokens, the adapters it may
// replace, the projector and the wake-up rows' keys). Callers of the context import its
// contract from `@tickler/notifications`.
export {
  notificationsContext,
  type NotificationsContextOptions,
  EXTERNAL_CHANNELS,
} from './notifications.context';
export { notificationsMigrations } from './migrations/notifications.migrations';
export { SERIES_TOKENS } from './shared/series.tokens';
export {
  type NotificationsOptions,
  type ResolvedNotificationsOptions,
} from './shared/application/notifications.options';
export { NOTIFICATIONS_TOKENS } from './shared/notifications.tokens';
export * from './channels/application/ports/delivery-channel.port';
export { ChannelRegistry } from './channels/application/channel-registry';
export { ChannelSendPool } from './channels/application/deliver-channel-sends/channel-send-pool';
export { SendLoopKick } from './channels/application/deliver-channel-sends/send-loop-kick';
export { TargetGuard } from './channels/infrastructure/outbound/target-guard';
export { guardedLookup } from './channels/infrastructure/outbound/guarded-lookup';
export { isPublicAddress } from './channels/infrastructure/outbound/address-rules';
export { NotificationDeliveryLogProjector } from './delivery/infrastructure/notification-delivery-log.projector';
export { DELIVER_DUE_WAKE_UP_KEY } from './shared/infrastructure/queue-delivery-wake-up';
export { CHANNEL_SENDS_WAKE_UP_KEY } from './channels/infrastructure/queue-channel-sends-wake-up';
export { type PushOptions } from './channels/infrastructure/push/push.options';
export { type PushUrgency } from './channels/infrastructure/push/web-push-channel';
export { type EmailOptions } from './channels/infrastructure/email/email.options';
export {
  type VapidKeyPair,
  type VapidKeySource,
} from './channels/application/ports/vapid-keys.port';
export { VapidKeyFileError } from './channels/infrastructure/push/file-vapid-key-source';
export {
  checkSmtpEncryption,
  type SmtpEncryption,
} from './channels/infrastructure/email/smtp-encryption-check';
