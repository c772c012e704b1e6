import { type Generated, type Insertable, type Selectable } from 'kysely';
import {
  type ChannelErrorClass,
  type ChannelSendStatus,
  type Guarantee,
} from '../domain/channel-send.state';
import {
  type Channel,
  type DeliveryPriority,
  type MissedReason,
  type NotificationStatus,
} from '../domain/notification-status';
import { type NotificationRecipientProfilesTable } from './recipient-profiles.table';

/**
 * `notification_deliveries`: the narrow state row of one notification to one recipient, the only
 * row the dispatcher reads to find what is due and writes when it settles (its body is in
 * `notification_bodies`; each external channel's attempts in `notification_channel_sends`). Every
 * instant is ISO-8601 UTC text written by `toIsoUtc` (string order = time order).
 */
export interface NotificationDeliveriesTable {
  /** UUIDv7; also the key of its `notification_bodies` row. */
  id: string;
  recipient_id: string;
  status: NotificationStatus;
  /** 1 once its inbox row is written. */
  attempts: number;
  /**
   * When the dispatcher must fire the row: its send instant while `scheduled` (now for an
   * immediate send), null otherwise. A partial index on it (`scheduled` only) serves "what is due".
   */
  due_at: string | null;
  /** Requested send instant; null for an immediate send (moves with a reschedule or deferral). */
  scheduled_at: string | null;
  /** `scheduled_at`, or `created_at` for immediate sends: the list order (with `id`). */
  sort_at: string;
  last_error: string | null;
  sent_at: string | null;
  /** The `notification_inbox` row it produced (inbox channel). */
  inbox_id: string | null;
  missed_reason: MissedReason | null;
  /** The instant it was first meant for, when the recipient's profile held it later. */
  deferred_from: string | null;
  /** The digest delivery this one went out in (its `inbox_id` is the digest's row). */
  digest_id: string | null;
  /** Producer provenance keys (reconcile's unique key): app id, its stable key, the lead rule. */
  source_app: string | null;
  source_key: string | null;
  source_rule: string | null;
  /** Caller's idempotency key; unique per recipient. */
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * `notification_bodies`: what a delivery says and how, written with it and read only when a batch
 * is materialised or a view shown; 1:1 with its `notification_deliveries` row (same id). The
 * dispatcher's status writes never touch it, and editing it never touches the state row's index
 * entries.
 */
export interface NotificationBodiesTable {
  /** The delivery's id. */
  id: string;
  /** JSON array of channel kinds asked for; null = the default set, resolved when it fires. */
  channels: string | null;
  title: string;
  message: string;
  url: string | null;
  /** Producer provenance details: the source record (its key columns stay on the state row). */
  source_collection: string | null;
  source_id: string | null;
  /** Start / end of the event's window (send-time guards). */
  event_at: string | null;
  expires_at: string | null;
  /** The `notification_inbox` row this delivery snoozes (same content, later); null otherwise. */
  snoozed_from: string | null;
  /** `normal` or `high` (rings through quiet hours). */
  priority: DeliveryPriority;
  /** Escalation: still unread this long after firing, send again by `escalate_channel`. */
  escalate_after_ms: number | null;
  escalate_channel: string | null;
  /** Fallback: a send of it failed for good, send it once by this channel kind; null: none. */
  fallback_channel: string | null;
}

/** `notification_inbox`: what the recipient reads. 1:1 with its inbox delivery (same id). */
export interface NotificationInboxTable {
  id: string;
  recipient_id: string;
  /** The delivery that produced it; unique, so a delivery can never produce two inbox rows. */
  notification_id: string;
  title: string;
  message: string;
  url: string | null;
  created_at: string;
  /** When the recipient marked it read; null while unread. */
  read_at: string | null;
}

/**
 * `notification_subscriptions`: a recipient's targets for the external channels (webhook url +
 * signing secrets, push endpoint + keys, email address), one per (recipient, kind, target key).
 */
export interface NotificationSubscriptionsTable {
  id: string;
  recipient_id: string;
  /** The channel kind (`webhook`, `push`, `email`, …). */
  kind: string;
  /** Identity of the target within the recipient's subscriptions of this kind. */
  target_key: string;
  /** The kind-specific configuration, JSON (secrets included: never shown after registration). */
  target: string;
  /** Copied to each channel send when it is created. */
  guarantee: Guarantee;
  /** 1 = part of the default set (used when a notification names no channels). */
  is_default: number;
  /** 0 once deactivated (e.g. the push service answered 404/410). */
  active: number;
  deactivated_at: string | null;
  deactivated_reason: string | null;
  /** Set when its sends kept failing; its owner resumes it. */
  paused_at: string | null;
  paused_reason: string | null;
  /** Failed attempts in a row (reset by a success and by resume). */
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

/**
 * `notification_channel_sends`: one external attempt series of one notification to one
 * subscription (the inbox needs none: its outcome is its inbox row).
 */
export interface NotificationChannelSendsTable {
  /** UUIDv7: the idempotency key of every request it makes. */
  id: string;
  delivery_id: string;
  recipient_id: string;
  channel: string;
  subscription_id: string | null;
  /** Endpoint key (URL origin, SMTP host) for per-endpoint concurrency; '' for settled carried rows. */
  endpoint: string;
  status: ChannelSendStatus;
  attempts: number;
  /** Claims taken over after their holder died or hung (not attempts: the outcome is unknown). */
  recoveries: number;
  last_error: ChannelErrorClass | null;
  /** Next attempt while `pending`, lease expiry while `sending`, null once settled. */
  due_at: string | null;
  lease_token: string | null;
  /** Instance holding the claim while `sending` (ADR 0004). */
  claimed_by: string | null;
  guarantee: Guarantee;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  /** 1: the escalation of an unread inbox item (cancelled, not sent, once the item is read). */
  escalation: number;
  /** 1: the fallback send of a notification another send of which failed for good. */
  fallback: number;
  /** An escalation send: the wait after firing it was made with (ms); null otherwise. */
  escalate_after_ms: number | null;
}

/** `notification_delivery_log`: the durable projector's read model, one row per sent event. */
export interface NotificationDeliveryLogTable {
  seq: Generated<number>;
  event_id: string;
  delivery_id: string;
  inbox_id: string | null;
  recipient_id: string;
  channel: Channel;
  sent_at: string;
  projected_at: string;
}

/** `notification_vapid_keys`: the VAPID pair of daemons without a data folder (one row). */
export interface NotificationVapidKeysTable {
  /** Always `'current'`. */
  id: string;
  /** base64url uncompressed P-256 point. */
  public_key: string;
  /** base64url P-256 private scalar. */
  private_key: string;
  created_at: string;
}

/** `notification_idempotency`: the request each idempotency key was first used with. */
export interface NotificationIdempotencyTable {
  recipient_id: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the normalised request. */
  fingerprint: string;
}

/** `notification_channel_pauses`: the channel kinds the operator paused (no row = running). */
export interface NotificationChannelPausesTable {
  channel: string;
  paused_at: string;
}

/**
 * `notification_subscription_pauses`: the subscriptions the operator paused (no row = running);
 * their sends wait, unlike a subscription's own `paused_at`, which fails them.
 */
export interface NotificationSubscriptionPausesTable {
  subscription_id: string;
  paused_at: string;
}

/** The context's tables, as kysely sees them. */
export interface NotificationsTables {
  notification_deliveries: NotificationDeliveriesTable;
  notification_bodies: NotificationBodiesTable;
  notification_inbox: NotificationInboxTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  notification_channel_sends: NotificationChannelSendsTable;
  notification_delivery_log: NotificationDeliveryLogTable;
  notification_vapid_keys: NotificationVapidKeysTable;
  notification_idempotency: NotificationIdempotencyTable;
  notification_recipient_profiles: NotificationRecipientProfilesTable;
  notification_channel_pauses: NotificationChannelPausesTable;
  notification_subscription_pauses: NotificationSubscriptionPausesTable;
}

/** A delivery's state row as read. */
export type DeliveryStateRow = Selectable<NotificationDeliveriesTable>;
/** A delivery's body row as read. */
export type DeliveryBodyRow = Selectable<NotificationBodiesTable>;
/** A delivery as read whole: its state row joined with its body row. */
export type DeliveryRow = DeliveryStateRow & DeliveryBodyRow;
/** A delivery as written whole (split into its two rows by the mapper). */
export type NewDeliveryRow = Insertable<NotificationDeliveriesTable> &
  Insertable<NotificationBodiesTable>;
/** An inbox row as read. */
export type InboxRow = Selectable<NotificationInboxTable>;
/** A subscription row as read. */
export type SubscriptionRow = Selectable<NotificationSubscriptionsTable>;
/** A channel-send row as read. */
export type ChannelSendRow = Selectable<NotificationChannelSendsTable>;
