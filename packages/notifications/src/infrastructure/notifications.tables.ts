import { type Generated, type Insertable, type Selectable } from 'kysely';
import {
  type Channel,
  type MissedReason,
  type NotificationStatus,
} from '../domain/notification-status';

/**
 * `notification_deliveries`: one row per (recipient, channel) notification; its own delivery
 * ledger. Every instant is ISO-8601 UTC text written by `toIsoUtc` (string order = time order).
 */
export interface NotificationDeliveriesTable {
  /** UUIDv7. */
  id: string;
  recipient_id: string;
  channel: Channel;
  title: string;
  message: string;
  url: string | null;
  /** Requested send instant; null for an immediate send. */
  scheduled_at: string | null;
  status: NotificationStatus;
  /** Delivery attempts so far. */
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  /** The `notification_inbox` row it produced (inbox channel). */
  inbox_id: string | null;
  /** Producer provenance (reconcile): app id, its stable key, the source record, the lead rule. */
  source_app: string | null;
  source_key: string | null;
  source_collection: string | null;
  source_id: string | null;
  source_rule: string | null;
  /** Caller's idempotency key; unique per recipient. */
  idempotency_key: string | null;
  /** Start / end of the event's window (send-time guards). */
  event_at: string | null;
  expires_at: string | null;
  missed_reason: MissedReason | null;
  created_at: string;
  updated_at: string;
  /**
   * Next instant the dispatcher must look at the row: `scheduled_at` while scheduled, the retry
   * instant after a failed webhook attempt, the lease expiry while `sending`; null once settled.
   * A partial index on it (live statuses only) serves "what is due" and "whose lease expired".
   */
  due_at: string | null;
  /** Fencing token of the current webhook claim. */
  lease_token: string | null;
  /** Instance holding the claim while `sending` (ADR 0004); null otherwise or when unknown. */
  claimed_by: string | null;
  /** `scheduled_at`, or `created_at` for immediate sends: the list order (with `id`). */
  sort_at: string;
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

/** `notification_subscriptions`: a recipient's external endpoints (one webhook each). */
export interface NotificationSubscriptionsTable {
  id: string;
  recipient_id: string;
  kind: 'webhook';
  url: string;
  /** HMAC-SHA256 signing secret; shown once at registration. */
  secret: string;
  created_at: string;
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

/** `notification_idempotency`: the request each idempotency key was first used with. */
export interface NotificationIdempotencyTable {
  recipient_id: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the normalised request. */
  fingerprint: string;
}

/** The context's tables, as kysely sees them. */
export interface NotificationsTables {
  notification_deliveries: NotificationDeliveriesTable;
  notification_inbox: NotificationInboxTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  notification_delivery_log: NotificationDeliveryLogTable;
  notification_idempotency: NotificationIdempotencyTable;
}

/** A delivery row as read. */
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;
/** A delivery row as inserted. */
export type NewDeliveryRow = Insertable<NotificationDeliveriesTable>;
/** An inbox row as read. */
export type InboxRow = Selectable<NotificationInboxTable>;
/** A subscription row as read. */
export type SubscriptionRow = Selectable<NotificationSubscriptionsTable>;
