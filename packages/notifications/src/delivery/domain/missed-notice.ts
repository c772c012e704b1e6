import { type DomainEvent } from '@tickler/core/domain';

/** Most titles a notice lists; the rest are counted ("… and 12 more"). */
export const MISSED_NOTICE_MAX_TITLES = 15;

/** What a missed-while-off notice says: the inbox row's title and message. */
export interface MissedNoticeText {
  readonly title: string;
  readonly message: string;
}

/**
 * The notice for `titles` (the missed reminders of one recipient in one catch-up, in due
 * order): "3 reminders were missed while Tickler was off", one title a line. Bounded whatever
 * the count: 15 titles of at most 200 characters, then a count: under the 4,000 of a message.
 */
export function missedNoticeText(titles: readonly string[]): MissedNoticeText {
  const n = titles.length;
  const title = `${n} reminder${n === 1 ? ' was' : 's were'} missed while Tickler was off`;
  const listed = titles.slice(0, MISSED_NOTICE_MAX_TITLES).map((t) => `• ${t}`);
  if (n > MISSED_NOTICE_MAX_TITLES) {
    listed.push(`… and ${n - MISSED_NOTICE_MAX_TITLES} more (tickler missed lists them all)`);
  }
  return { title, message: listed.join('\n') };
}

/** What {@link MissedNoticeWritten} carries. */
export type MissedNoticeWrittenPayload = {
  /** The inbox row of the notice (its own id; it is not a delivery). */
  readonly inboxId: string;
  readonly recipientId: string;
  readonly title: string;
  readonly message: string;
  /** The deliveries settled `missed` (`too-late`) that it tells about. */
  readonly deliveryIds: readonly string[];
};

/** One inbox notice told a recipient that reminders were missed while the daemon was off. */
export type MissedNoticeWritten = DomainEvent<MissedNoticeWrittenPayload> & {
  readonly type: 'notifications.missed-notice';
};

/** Factory of {@link MissedNoticeWritten}; `type` is the stable event type. */
export const MissedNoticeWritten = {
  type: 'notifications.missed-notice',
  create(payload: MissedNoticeWrittenPayload, occurredAt: string): MissedNoticeWritten {
    return {
      eventId: `${payload.inboxId}:missed-notice`,
      type: 'notifications.missed-notice',
      aggregateId: payload.inboxId,
      occurredAt,
      payload,
    };
  },
} as const;
