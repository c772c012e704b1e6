import {
  type Channel,
  type DeliveryPriority,
  type MissedReason,
  type NotificationStatus,
} from '../../shared/domain/notification-status';
import { type EscalationRule, type FallbackRule } from '../../shared/domain/escalation-rule';

export { type DeliveryPriority };

/** Where an app-scheduled delivery came from (set by producers; opaque to the dispatcher). */
export interface NotificationSource {
  /** The producer app (`ReconcileScheduled.sourceApp`). */
  readonly app: string;
  /** The producer's stable idempotency key. */
  readonly key: string;
  /** The producer's collection and record the occurrence belongs to, if it says. */
  readonly collection: string | null;
  readonly id: string | null;
  /** Lead rule the send instant was derived from (`lead:3600`), if any. */
  readonly rule: string | null;
}

/** Everything a delivery is, as stored. Instants are ISO-8601 UTC text. */
export interface NotificationDeliveryState {
  readonly id: string;
  readonly recipientId: string;
  /** The channels asked for; null = the default set, resolved when it fires. */
  readonly channels: readonly Channel[] | null;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  /** Requested send instant; null for an immediate send. */
  readonly scheduledAt: string | null;
  readonly status: NotificationStatus;
  /** 1 once the inbox row is written; external attempts are counted per channel send. */
  readonly attempts: number;
  readonly lastError: string | null;
  readonly sentAt: string | null;
  readonly inboxId: string | null;
  readonly source: NotificationSource | null;
  readonly idempotencyKey: string | null;
  /** Start of the event this reminds of; a row meant for before it is not sent after it. */
  readonly eventAt: string | null;
  /** End of the event's window; a row meant for before it is not sent after it. */
  readonly expiresAt: string | null;
  readonly missedReason: MissedReason | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * When the dispatcher must fire it: the send instant while `scheduled` (now for an immediate
   * send awaiting its firing); null otherwise. Bookkeeping only: no send/skip decision reads it.
   */
  readonly dueAt: string | null;
  /** The inbox item this delivery is a snooze of (same content, later); null otherwise. */
  readonly snoozedFrom: string | null;
  /** `high` passes through the recipient's quiet hours (and is never held for a digest). */
  readonly priority: DeliveryPriority;
  /** The instant it was first meant for, when the recipient's profile held it later; else null. */
  readonly deferredFrom: string | null;
  /** The digest delivery it went out in (its inbox row is the digest's); null otherwise. */
  readonly digestId: string | null;
  /** Still unread this long after firing: sent again by another channel; null: none. */
  readonly escalation: EscalationRule | null;
  /** A send of it failed for good: send it once by this channel kind instead; null: none. */
  readonly fallback: FallbackRule | null;
}

/** What a caller provides to create a delivery (instants already normalised to ISO UTC). */
export interface NewNotificationDelivery {
  readonly recipientId: string;
  /** The channels asked for; null or absent = the default set. */
  readonly channels?: readonly Channel[] | null;
  readonly title: string;
  readonly message: string;
  readonly url?: string | null;
  readonly scheduledAt?: string | null;
  readonly source?: NotificationSource | null;
  readonly idempotencyKey?: string | null;
  readonly eventAt?: string | null;
  readonly expiresAt?: string | null;
  /** The inbox item it snoozes (`SnoozeInboxItem`). */
  readonly snoozedFrom?: string | null;
  /** Default `normal`. */
  readonly priority?: DeliveryPriority;
  /** Default none. */
  readonly escalation?: EscalationRule | null;
  /** Default none. */
  readonly fallback?: FallbackRule | null;
}

/** Editable fields of a scheduled delivery. */
export interface DeliveryChanges {
  readonly title?: string;
  readonly message?: string;
  readonly url?: string | null;
  readonly scheduledAt?: string;
  /** The channels asked for; null = the default set. */
  readonly channels?: readonly Channel[] | null;
  /** Event window (ISO UTC); null clears it. */
  readonly eventAt?: string | null;
  readonly expiresAt?: string | null;
}
