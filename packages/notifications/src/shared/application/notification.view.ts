import { type ResolvedWhen } from '@tickler/time';
import {
  type ChannelErrorClass,
  type ChannelSendStatus,
  type Guarantee,
} from '../domain/channel-send.state';
import {
  type Channel,
  type MissedReason,
  type NotificationStatus,
} from '../domain/notification-status';

/** Statuses, reasons, channel kinds and guarantees: defined by the domain, re-exported here. */
export type {
  Channel,
  ChannelErrorClass,
  ChannelSendStatus,
  Guarantee,
  MissedReason,
  NotificationStatus,
};

/** Where a series is: still scheduling, ran out (COUNT, UNTIL), or canceled by a person. */
export type SeriesStatus = 'active' | 'ended' | 'canceled';

/** The series a notification belongs to, as views show it (`repeat` on a notification). */
export interface RepeatView {
  seriesId: string;
  /** Canonical RRULE text. */
  rule: string;
  timeZone: string;
  /** In words, e.g. "every weekday at 09:00". */
  description: string;
  status: SeriesStatus;
  /** The row scheduled now; null once the series ended or was canceled. */
  currentId: string | null;
}

/** How one channel of a notification went (the inbox from its inbox row). */
export interface ChannelOutcomeView {
  channel: Channel;
  /** The subscription it went to; null for the inbox. */
  subscriptionId: string | null;
  status: ChannelSendStatus;
  attempts: number;
  /** A generic error class (`connection-refused`, `timeout`, `http-3xx`, `http-5xx`, …), never raw socket text. */
  lastError: ChannelErrorClass | null;
  sentAt: string | null;
}

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
  /** The channels asked for; null = the default set (inbox + default subscriptions). */
  requestedChannels: Channel[] | null;
  /** Each channel's outcome once it fired: the inbox, then one entry per external send. */
  channels: ChannelOutcomeView[];
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
  /** The inbox item this reminder snoozes; null otherwise. */
  snoozedFrom: string | null;
  /** The recurring series it belongs to; absent on a one-off (and in lists). */
  repeat?: RepeatView;
  /** What `when` resolved to, on the answer to a create or an edit that gave one; absent otherwise. */
  resolvedWhen?: ResolvedWhen;
  /** `high` rings through quiet hours. */
  priority: 'normal' | 'high';
  /** The instant it was first meant for, when quiet hours or a digest window held it later. */
  deferredFrom: string | null;
  /** The digest it went out in (its inbox row is the digest's); null otherwise. */
  digestId: string | null;
  /** Its escalation ("still unread after …, send by …") and where it stands; null: none. */
  escalation: EscalationView | null;
  /** Its fallback ("a send failed for good: send by …") and where it stands; null: none. */
  fallback: FallbackView | null;
}

/** A reminder's fallback in its view (issue 33 item 2). */
export interface FallbackView {
  /** The channel kind it goes by. */
  channel: string;
  /**
   * `standby`: no send of the reminder has failed for good (nothing to do yet, perhaps never);
   * `pending`: due, not sent yet; `sent`: went out; `failed`: its send failed, or no
   * subscription of that kind was there when it was needed.
   */
  status: 'standby' | 'pending' | 'sent' | 'failed';
  /** When it is due (`pending`), went out (`sent`) or was settled (`failed`); null on standby. */
  at: string | null;
}

/** A reminder's escalation in its view (issue 33 item 2). */
export interface EscalationView {
  /** The wait after firing, as a duration (`1h`, `90m`). */
  after: string;
  /** The channel kind it goes by. */
  channel: string;
  /**
   * `pending`: not due yet; `sent`: went out (the item was still unread); `cancelled`: read in
   * time (or the reminder never went out); `failed`: no subscription of that kind, or its send
   * failed.
   */
  status: 'pending' | 'sent' | 'cancelled' | 'failed';
  /** When it is due (`pending`), went out (`sent`) or was settled; null before firing. */
  at: string | null;
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

/**
 * A recipient's target for one external channel, without secrets: the kind's public fields
 * (webhook: `url`) beside the common ones.
 */
export interface SubscriptionView {
  id: string;
  recipientId: string;
  kind: Channel;
  guarantee: Guarantee;
  /** Part of the default set (used when a notification names no channels). */
  default: boolean;
  active: boolean;
  deactivatedAt: string | null;
  deactivatedReason: string | null;
  /** Set when its sends kept failing: resume it with `ResumeSubscription`. */
  pausedAt: string | null;
  pausedReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** Webhook: the endpoint. Other kinds add their own public fields. */
  url?: string;
  [publicField: string]: unknown;
}

/** Returned once, at registration: a signing secret (webhook) is never shown again. */
export interface NewSubscriptionView extends SubscriptionView {
  secret?: string;
  /**
   * A target that must be confirmed (email): whether a confirmation code was mailed with this
   * registration (absent when none was due: confirmed, or one was sent less than 10 minutes ago).
   */
  confirmationSent?: boolean;
}

/** What one deliver-due run did. */
export interface DeliverDueResult {
  sent: number;
  missed: number;
  failed: number;
  /** Fired with only external channels: `sending` until their sends settle. */
  dispatched: number;
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
