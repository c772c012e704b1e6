import { type ChannelSendState } from '../../shared/domain/channel-send.state';
import { type NotificationDelivery } from '../domain/notification-delivery.entity';
import { INBOX_CHANNEL } from '../../shared/application/channel-kinds';
import { type InboxItem } from './ports/inbox.repository';
import { escalationViewOf } from './escalation-view';
import { fallbackViewOf } from './fallback-view';
import {
  type ChannelOutcomeView,
  type InboxItemView,
  type NotificationView,
} from '../../shared/application/notification.view';

/**
 * The view of a delivery (a plain copy of its state, minus the dispatcher's bookkeeping) with
 * its channels' outcomes: the inbox from its inbox row, then `sends` (its channel sends).
 */
export function toNotificationView(
  delivery: NotificationDelivery,
  sends: readonly ChannelSendState[] = [],
): NotificationView {
  const s = delivery.snapshot();
  const channels: ChannelOutcomeView[] = [];
  if (s.inboxId !== null) {
    channels.push({
      channel: INBOX_CHANNEL,
      subscriptionId: null,
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: s.sentAt,
    });
  }
  for (const send of sends) {
    channels.push({
      channel: send.channel,
      subscriptionId: send.subscriptionId,
      status: send.status,
      attempts: send.attempts,
      lastError: send.lastError,
      sentAt: send.sentAt,
    });
  }
  return {
    id: s.id,
    recipientId: s.recipientId,
    requestedChannels: s.channels === null ? null : [...s.channels],
    channels,
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
    snoozedFrom: s.snoozedFrom,
    priority: s.priority,
    deferredFrom: s.deferredFrom,
    digestId: s.digestId,
    escalation: escalationViewOf(s, sends),
    fallback: fallbackViewOf(s, sends),
  };
}

/** Views of many deliveries, each with its sends out of `sends` (one read for the page). */
export function toNotificationViews(
  deliveries: readonly NotificationDelivery[],
  sends: readonly ChannelSendState[],
): NotificationView[] {
  const byDelivery = new Map<string, ChannelSendState[]>();
  for (const send of sends) {
    const list = byDelivery.get(send.deliveryId) ?? [];
    list.push(send);
    byDelivery.set(send.deliveryId, list);
  }
  return deliveries.map((d) => toNotificationView(d, byDelivery.get(d.id) ?? []));
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
