// `@tickler/notifications/context`: what a process that composes the notifications context
// needs (the factory, its options, DI tokens, the adapters it may replace, the projector and the
// wake-up row's key). Callers of the context import its contract from `@tickler/notifications`.
export {
  notificationsContext,
  type NotificationsContextOptions,
  EXTERNAL_CHANNELS,
} from './notifications.context';
export {
  type NotificationsOptions,
  type ResolvedNotificationsOptions,
} from './application/notifications.options';
export { NOTIFICATIONS_TOKENS } from './notifications.tokens';
export * from './application/ports/delivery-channel.port';
export { ChannelRegistry } from './application/channels/channel-registry';
export { ChannelSendPool } from './application/deliver-channel-sends/channel-send-pool';
export { SendLoopKick } from './application/deliver-channel-sends/send-loop-kick';
export { TargetGuard } from './infrastructure/outbound/target-guard';
export { guardedLookup } from './infrastructure/outbound/guarded-lookup';
export { isPublicAddress } from './infrastructure/outbound/address-rules';
export { NotificationDeliveryLogProjector } from './infrastructure/notification-delivery-log.projector';
export {
  DELIVER_DUE_WAKE_UP_KEY,
  CHANNEL_SENDS_WAKE_UP_KEY,
} from './infrastructure/queue-delivery-wake-up';
export { type PushOptions } from './infrastructure/channels/push/push.options';
export { type PushUrgency } from './infrastructure/channels/push/web-push-channel';
export { type EmailOptions } from './infrastructure/channels/email/email.options';
export {
  checkSmtpEncryption,
  type SmtpEncryption,
} from './infrastructure/channels/email/smtp-encryption-check';
export { type VapidKeyPair, type VapidKeySource } from './application/ports/vapid-keys.port';
export { VapidKeyFileError } from './infrastructure/channels/push/file-vapid-key-source';
