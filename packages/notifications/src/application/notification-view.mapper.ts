import { type NotificationDelivery } from '../domain/notification-delivery.entity';
import { type InboxItem } from './ports/inbox.repository';
import { type WebhookSubscription } from './ports/subscription.repository';
import {
  type InboxItemView,
  type NotificationView,
  type SubscriptionView,
} from './notification.view';

/** The view of a delivery (a plain copy of its state, minus the dispatcher's bookkeeping). */
export function toNotificationView(delivery: NotificationDelivery): NotificationView {
  const s = delivery.snapshot();
  return {
    id: s.id,
    recipientId: s.recipientId,
    channel: s.channel,
    status: s.status,
    title: s.title,
    message: s.message,
    url: s.url,
    scheduledAt: s.scheduledAt,
    sentAt: s.sentAt,
    attempts: s.attempts,
    lastError: s.lastError,
    inboxId: s.inboxId,
    source: s.source ? { ...s.source } : null,
    idempotencyKey: s.idempotencyKey,
    eventAt: s.eventAt,
    expiresAt: s.expiresAt,
    missedReason: s.missedReason,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** The view of an inbox item. */
export function toInboxItemView(item: InboxItem): InboxItemView {
  return {
    id: item.id,
    recipientId: item.recipientId,
    notificationId: item.notificationId,
    title: item.title,
    message: item.message,
    url: item.url,
    createdAt: item.createdAt,
    readAt: item.readAt,
  };
}

/** The view of a webhook subscription, without its secret. */
export function toSubscriptionView(s: WebhookSubscription): SubscriptionView {
  return { id: s.id, recipientId: s.recipientId, kind: s.kind, url: s.url, createdAt: s.createdAt };
}

/** The inbox row an inbox delivery produces when sent (1:1, same id). */
export function inboxItemOf(delivery: NotificationDelivery): InboxItem {
  const s = delivery.snapshot();
  return {
    id: s.inboxId ?? s.id,
    recipientId: s.recipientId,
    notificationId: s.id,
    title: s.title,
    message: s.message,
    url: s.url,
    createdAt: s.sentAt ?? s.updatedAt,
    readAt: null,
  };
}
