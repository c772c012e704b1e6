import { type ChannelSendState } from '../../shared/domain/channel-send.state';
import { type NotificationDeliveryState } from '../domain/notification-delivery.state';
import { type EscalationView } from '../../shared/application/notification.view';
import { afterText, type EscalationRule } from '../../shared/domain/escalation-rule';

/**
 * `sent` (at its send instant) when one of `sends` went out, else `pending` (at its due instant)
 * when one is still live; undefined when every one failed (or there is none).
 */
export function sentOrPending(
  sends: readonly ChannelSendState[],
): { status: 'sent' | 'pending'; at: string | null } | undefined {
  const sent = sends.find((send) => send.status === 'sent');
  if (sent) {
    return { status: 'sent', at: sent.sentAt };
  }
  const live = sends.find((send) => send.status === 'pending' || send.status === 'sending');
  return live ? { status: 'pending', at: live.dueAt } : undefined;
}

/**
 * The escalation a reminder got from its person's preference for its source (it carries none of
 * its own), as its escalation send was made with it.
 */
function fromPreference(mine: readonly ChannelSendState[]): EscalationRule | null {
  const send = mine[0];
  const afterMs = send?.escalateAfterMs ?? null;
  return send === undefined || afterMs === null ? null : { afterMs, channel: send.channel };
}

/**
 * Where a reminder's escalation stands, from its rule and its escalation sends: `pending`
 * (not fired yet, or due at `at`), `sent` (at `at`), `cancelled` (read in time, or the reminder
 * never went out) or `failed` (no subscription of that kind when it fired, or the send failed).
 */
export function escalationViewOf(
  s: NotificationDeliveryState,
  sends: readonly ChannelSendState[],
): EscalationView | null {
  const mine = sends.filter((send) => send.escalation);
  const rule = s.escalation ?? fromPreference(mine);
  if (rule === null) {
    return null;
  }
  const base = { after: afterText(rule.afterMs), channel: rule.channel };
  const going = sentOrPending(mine);
  if (going) {
    return { ...base, ...going };
  }
  if (mine.length > 0) {
    const read = mine.every((send) => send.lastError === 'read');
    return { ...base, status: read ? 'cancelled' : 'failed', at: mine[0]?.updatedAt ?? null };
  }
  if (s.status === 'scheduled') {
    return { ...base, status: 'pending', at: null };
  }
  // Fired without one (no subscription of that kind) or never fired at all.
  return { ...base, status: s.inboxId === null ? 'cancelled' : 'failed', at: null };
}
