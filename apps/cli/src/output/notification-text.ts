import { type InboxItemJson, type NotificationJson } from '@tickler/notifications';
import { shortId } from '../ids/short-id';
import { formatStored } from '../time/format-instant';
import { renderRecord, renderTable } from './table';

/** How a repeating reminder repeats, as the daemon describes it; empty for a one-off. */
export function repeatText(n: NotificationJson): string {
  return n.repeat ? (n.repeat.description ?? n.repeat.rule) : '';
}

/**
 * Notifications as a table: id, status, when (local), title — and how each repeats when any
 * does (issue 31: repeats were invisible in `list`).
 */
export function notificationTable(items: readonly NotificationJson[]): string {
  if (items.length === 0) {
    return 'no notifications';
  }
  const repeats = items.some((n) => n.repeat);
  return renderTable(
    ['ID', 'STATUS', 'SCHEDULED (local)', 'SENT (local)', 'TITLE', ...(repeats ? ['REPEATS'] : [])],
    items.map((n) => [
      shortId(n.id),
      n.status,
      formatStored(n.scheduledAt),
      formatStored(n.sentAt),
      n.title,
      ...(repeats ? [repeatText(n)] : []),
    ]),
  );
}

/** Where an escalation or a fallback stands: its status, and its instant in local time. */
function stageText(stage: { status: string; at: string | null }): string {
  return stage.at ? `${stage.status} ${formatStored(stage.at)}` : stage.status;
}

/** One notification, every field, instants in local time with UTC alongside. */
export function notificationDetail(n: NotificationJson): string {
  const when = (stored: string | null): string =>
    stored ? `${formatStored(stored)}  ${stored}` : '-';
  return renderRecord({
    id: n.id,
    user: n.userId,
    status: n.status,
    channels:
      n.channels.length > 0
        ? n.channels
            .map((c) => `${c.channel} ${c.status}${c.lastError ? ` (${c.lastError})` : ''}`)
            .join(', ')
        : (n.requestedChannels ?? ['default']).join(', '),
    title: n.title,
    message: n.message,
    url: n.url,
    scheduled: when(n.scheduledAt),
    // Quiet hours or a digest window held it: say from when (issue 31: it moved silently).
    ...(n.deferredFrom ? { movedFrom: `${when(n.deferredFrom)} (your profile held it)` } : {}),
    repeats: repeatText(n) || '-',
    escalation: n.escalation
      ? `after ${n.escalation.after} by ${n.escalation.channel}: ${stageText(n.escalation)}`
      : '-',
    fallback: n.fallback ? `by ${n.fallback.channel}: ${stageText(n.fallback)}` : '-',
    sent: when(n.sentAt),
    attempts: n.attempts,
    lastError: n.lastError,
    missedReason: n.missedReason,
    eventAt: when(n.eventAt),
    source: n.source,
    created: when(n.createdAt),
    updated: when(n.updatedAt),
  });
}

/** Inbox items as a table. */
export function inboxTable(items: readonly InboxItemJson[]): string {
  if (items.length === 0) {
    return 'inbox is empty';
  }
  return renderTable(
    ['ID', 'RECEIVED (local)', 'READ', 'TITLE', 'MESSAGE'],
    items.map((i) => [
      shortId(i.id),
      formatStored(i.createdAt),
      i.readAt ? 'yes' : 'no',
      i.title,
      i.message,
    ]),
  );
}
