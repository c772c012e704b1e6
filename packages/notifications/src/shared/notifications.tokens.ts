/** DI tokens of the notifications context. */
export const NOTIFICATIONS_TOKENS = {
  Options: Symbol.for('notifications.Options'),
  DeliveryRepository: Symbol.for('notifications.DeliveryRepository'),
  InboxRepository: Symbol.for('notifications.InboxRepository'),
  SubscriptionRepository: Symbol.for('notifications.SubscriptionRepository'),
  ChannelSendRepository: Symbol.for('notifications.ChannelSendRepository'),
  /** The channel kinds the operator paused (`ChannelPauses`). */
  ChannelPauses: Symbol.for('notifications.ChannelPauses'),
  /** Retention's statements (`RetentionStore`). */
  RetentionStore: Symbol.for('notifications.RetentionStore'),
  /** Throttling's read of recent sends (`RecentSends`). */
  RecentSends: Symbol.for('notifications.RecentSends'),
  /** Reads the next instants of the dispatcher and of the send loop together. */
  DueInstants: Symbol.for('notifications.DueInstants'),
  WakeUp: Symbol.for('notifications.WakeUp'),
  /** The wake-up of the external send loop (`DeliverChannelSends`). */
  SendsWakeUp: Symbol.for('notifications.SendsWakeUp'),
  /** The in-transaction channel (the inbox). */
  InTransactionChannel: Symbol.for('notifications.InTransactionChannel'),
  /** Every external channel adapter: one binding per channel (multi-injected). */
  ExternalChannel: Symbol.for('notifications.ExternalChannel'),
  /**
   * `DeliveryOutlets`: where a delivery going out goes (inbox row, channel sends), bound to the
   * channels module's `DeliveryFiring`.
   */
  Outlets: Symbol.for('notifications.Outlets'),
  /** `ReadEscalations`: what a read cancels, bound to the channels module's `CancelReadEscalations`. */
  ReadEscalations: Symbol.for('notifications.ReadEscalations'),
  /**
   * `RecipientRules`: quiet hours, digest windows and default lead as delivery applies them,
   * bound to the profile module's `ProfileRecipientRules`.
   */
  RecipientRules: Symbol.for('notifications.RecipientRules'),
  /** The `ChannelRegistry`: channels by kind. */
  Channels: Symbol.for('notifications.Channels'),
  /** The VAPID key pair of web push (`VapidKeySource`). */
  VapidKeys: Symbol.for('notifications.VapidKeys'),
  /** The key action links (ntfy's Snooze / Done buttons) are signed with (`ActionLinkKeySource`). */
  ActionLinkKey: Symbol.for('notifications.ActionLinkKey'),
  /** The web push channel's resolved settings (`WebPushChannelSettings`). */
  PushSettings: Symbol.for('notifications.PushSettings'),
  /** The outgoing-target rule push endpoints obey (`PushTargetRule`: the `TargetGuard`). */
  PushTargetRule: Symbol.for('notifications.PushTargetRule'),
  /** The email channel's resolved settings (`EmailChannelSettings`). */
  EmailSettings: Symbol.for('notifications.EmailSettings'),
  /** Checks outgoing targets against the address rules (SSRF). */
  TargetGuard: Symbol.for('notifications.TargetGuard'),
  IdempotencyRepository: Symbol.for('notifications.IdempotencyRepository'),
  /** People's profiles: zone, quiet hours, digest (`RecipientProfileRepository`). */
  RecipientProfileRepository: Symbol.for('notifications.RecipientProfileRepository'),
  /** People's channel switches per source (`PreferenceRepository`). */
  PreferenceRepository: Symbol.for('notifications.PreferenceRepository'),
  /**
   * `ChannelPreferences`: the switches as firing applies them, bound to the preferences module's
   * `StoredChannelPreferences`.
   */
  ChannelPreferences: Symbol.for('notifications.ChannelPreferences'),
} as const;
