import { type NotificationJson } from '@tickler/notifications';
import { shortId } from '../ids/short-id';
import { formatShort } from '../time/format-instant';
import { relativeTime } from '../time/relative-time';

/**
 * One notification as one line, what a command that changed it prints by default:
 * `scheduled 7f3a2c  Thu 4 Dec 09:00 (in 2 days)  stretch your legs`. The instant is the
 * scheduled one (else when it was sent, else created); a repeating one ends with its rule,
 * `  (every weekday at 09:00)`.
 */
export function notificationLine(n: NotificationJson, now: Date): string {
  const stored = n.scheduledAt ?? n.sentAt ?? n.createdAt;
  const at = new Date(stored);
  const repeats = n.repeat ? `  (${n.repeat.description ?? n.repeat.rule})` : '';
  return `${n.status} ${shortId(n.id)}  ${formatShort(at, now)} (${relativeTime(at, now)})  ${n.title}${repeats}`;
}
