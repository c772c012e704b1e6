import { type ChannelSendState } from '../../shared/domain/channel-send.state';
import { type NotificationDeliveryState } from '../domain/notification-delivery.state';
import { type FallbackView } from '../../shared/application/notification.view';
import { callsFallback } from '../../shared/domain/escalation-rule';
import { sentOrPending } from './escalation-view';

/**
 * Where a reminder's fallback stands, from its rule and its sends: `standby` (no send of it has
 * failed for good: nothing to do, perhaps never), `pending` (due at `at`), `sent` (at `at`) or
 * `failed` (its send failed, or no subscription of that kind was there when it was needed).
 */
export function fallbackViewOf(
  s: NotificationDeliveryState,
  sends: readonly ChannelSendState[],
): FallbackView | null {
  const rule = s.fallback;
  if (rule === null) {
    return null;
  }
  const base = { channel: rule.channel };
  const mine = sends.filter((send) => send.fallback);
  const going = sentOrPending(mine);
  if (going) {
    return { ...base, ...going };
  }
  if (mine.length > 0) {
    return { ...base, status: 'failed', at: mine[0]?.updatedAt ?? null };
  }
  const failed = sends.find(callsFallback);
  // Needed, yet no send was made: there was no subscription of that kind to send it by.
  return failed
    ? { ...base, status: 'failed', at: failed.updatedAt }
    : { ...base, status: 'standby', at: null };
}
