/** DI tokens of the notifications context. */
export const NOTIFICATIONS_TOKENS = {
  Options: Symbol.for('notifications.Options'),
  DeliveryRepository: Symbol.for('notifications.DeliveryRepository'),
  InboxRepository: Symbol.for('notifications.InboxRepository'),
  SubscriptionRepository: Symbol.for('notifications.SubscriptionRepository'),
  WakeUp: Symbol.for('notifications.WakeUp'),
  WebhookSender: Symbol.for('notifications.WebhookSender'),
  SecretGenerator: Symbol.for('notifications.SecretGenerator'),
  IdempotencyRepository: Symbol.for('notifications.IdempotencyRepository'),
} as const;
