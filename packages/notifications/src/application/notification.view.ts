import {
  type Channel,
  type MissedReason,
  type NotificationStatus,
} from '../domain/notification-status';

/** Delivery status, why a row was missed, and the channel: defined by the domain, re-exported here. */
export type { Channel, MissedReason, NotificationStatus };

/** Where an app-scheduled delivery came from. */
export interface NotificationSourceView {
  app: string;
  key: string;
  collection: string | null;
  id: string | null;
  /** Lead rule (`lead:3600`, `lead:0@expiry`), when the send instant was derived from one. */
  rule: string | null;
}

/**
 * A delivery as the outside world sees it (HTTP bodies, CLI, other contexts). All instants
 * are ISO-8601 UTC text; absent values are null.
 */
export interface NotificationView {
  id: string;
  /** The person it is for (the HTTP API calls them `userId`: see {@link HttpView}). */
  recipientId: string;
  channel: Channel;
  status: NotificationStatus;
  title: string;
  message: string;
  url: string | null;
  scheduledAt: string | null;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
  inboxId: string | null;
  source: NotificationSourceView | null;
  idempotencyKey: string | null;
  eventAt: string | null;
  expiresAt: string | null;
  missedReason: MissedReason | null;
  createdAt: string;
  updatedAt: string;
}

/** One page of a list, ordered; pass `nextCursor` back to get the next page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** One delivered inbox notification; `readAt` is null until first read (ISO UTC). */
export interface InboxItemView {
  id: string;
  recipientId: string;
  notificationId: string;
  title: string;
  message: string;
  url: string | null;
  createdAt: string;
  readAt: string | null;
}

/** A recipient's webhook endpoint (the secret is shown only at registration). */
export interface SubscriptionView {
  id: string;
  recipientId: string;
  kind: 'webhook';
  url: string;
  createdAt: string;
}

/** Returned once, at registration: the signing secret is never shown again. */
export interface NewSubscriptionView extends SubscriptionView {
  secret: string;
}

/** What one deliver-due run did. */
export interface DeliverDueResult {
  sent: number;
  missed: number;
  failed: number;
  /** Attempts that failed and will be retried. */
  retried: number;
}

/** Deliveries per status (statuses with no delivery are absent). */
export type DeliveryCountsByStatus = Partial<Record<NotificationStatus, number>>;

/** What one reconcile did, row counts by outcome. */
export interface ReconcileResult {
  created: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  pruned: number;
}
