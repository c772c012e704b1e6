import {
  NotificationDelivery,
  type NewNotificationDelivery,
} from '../../domain/notification-delivery.entity';
import { type DuePolicy } from '../../domain/delivery-policy';

/** Items listed in one digest message; the rest are counted ("… and 3 more"). */
const MAX_LISTED = 50;
/** Longest line per item: a digest stays readable and bounded. */
const MAX_LINE = 200;

/** `text` cut to `max` characters, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line per item: `• title — first line of its message`. */
function lineOf(item: NotificationDelivery): string {
  const s = item.snapshot();
  const body = s.message.split('\n')[0]?.trim() ?? '';
  return clip(body === '' ? `• ${s.title}` : `• ${s.title} — ${body}`, MAX_LINE);
}

/**
 * The channels a digest goes over: the default set when any item asked for it, else every
 * channel some item named (so no item reaches a channel it did not ask for that none asked for).
 */
function channelsOf(items: readonly NotificationDelivery[]): readonly string[] | null {
  if (items.some((i) => i.channels === null)) {
    return null;
  }
  return [...new Set(items.flatMap((i) => i.channels ?? []))].sort();
}

/**
 * The digest delivery for `items` (two or more, one recipient, due now): an immediate delivery
 * titled `N reminders` listing each item's title and message, ready to fire with the batch.
 */
export function digestOf(
  items: readonly NotificationDelivery[],
  now: string,
  id: string,
  policy: DuePolicy,
): NotificationDelivery {
  const listed = items.slice(0, MAX_LISTED).map(lineOf);
  if (items.length > MAX_LISTED) {
    listed.push(`… and ${items.length - MAX_LISTED} more`);
  }
  const props: NewNotificationDelivery = {
    recipientId: items[0]?.recipientId ?? '',
    channels: channelsOf(items),
    title: `${items.length} reminders`,
    message: listed.join('\n'),
    url: null,
  };
  return NotificationDelivery.create(props, now, id, policy);
}
