import { type NotificationJson } from '@tickler/notifications';
import { quietUntil } from '@tickler/time';
import { type ProfileRules } from '../time/profile-zone';
import { formatShort } from '../time/format-instant';
import { relativeTime } from '../time/relative-time';

/**
 * The warning `remind` prints when the person's quiet hours will hold what was just scheduled
 * (issue 31: "remind --in 5s" printed "in 5 seconds" and the push came at 07:00, unsaid).
 * Undefined when nothing is held: a high-priority reminder rings through, and an inbox-only one
 * is written on time when the profile keeps the inbox on time.
 */
export function quietHoursNote(
  n: NotificationJson,
  profile: ProfileRules | undefined,
  now: Date,
): string | undefined {
  const quiet = profile?.quietHours;
  if (!quiet || n.priority === 'high' || n.status !== 'scheduled' || n.scheduledAt === null) {
    return undefined;
  }
  const inboxOnly = n.requestedChannels?.length === 1 && n.requestedChannels[0] === 'inbox';
  if (profile.inboxOnTime && inboxOnly) {
    return undefined;
  }
  const until = quietUntil(n.scheduledAt, quiet, profile.timeZone ?? 'UTC');
  if (until === null) {
    return undefined;
  }
  const at = new Date(until);
  const held = profile.inboxOnTime ? 'push, email and webhooks wait until' : 'it waits until';
  return `your quiet hours (${quiet.start}–${quiet.end}) hold it: ${held} ${formatShort(at, now)} (${relativeTime(at, now)})${profile.inboxOnTime ? '; the inbox gets it on time' : ''}`;
}
