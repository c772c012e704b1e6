import { type ChannelSendState } from '../../shared/domain/channel-send.state';
import { type NotificationDeliveryState } from '../domain/notification-delivery.state';
import { type EscalationView } from '../../shared/application/notification.view';

/** Units `after` is written back in, largest first (the one that divides it exactly). */
const UNITS: readonly [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
];

/** `5400000` → `90m`: the escalation's wait as a person wrote it (or an equivalent). */
export function afterText(ms: number): string {
  const [unit, size] = UNITS.find(([, n]) => ms % n === 0) ?? ['ms', 1];
  return `${ms / size}${unit}`;
}

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
 * Where a reminder's escalation stands, from its rule and its escalation sends: `pending`
 * (not fired yet, or due at `at`), `sent` (at `at`), `cancelled` (read in time, or the reminder
 * never went out) or `failed` (no subscription of that kind when it fired, or the send failed).
 */
export function escalationViewOf(
  s: NotificationDeliveryState,
  sends: readonly ChannelSendState[],
): EscalationView | null {
  const rule = s.escalation;
  if (rule === null) {
    return null;
  }
  const base = { after: afterText(rule.afterMs), channel: rule.channel };
  const mine = sends.filter((send) => send.escalation);
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
