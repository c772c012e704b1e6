import { msOf, toIsoUtc } from '@tickler/core';
import {
  ConfirmationRateLimitedError,
  SubscriptionLimitReachedError,
} from '../../../shared/domain/notification.errors';
import { type TargetConfirmation } from '../ports/delivery-channel.port';
import { type ChannelSubscription } from '../ports/subscription.repository';

/** A target's confirmation code is mailed again at most this often (ms). */
export const CODE_RESEND_AFTER_MS = 10 * 60_000;
/** Confirmation codes mailed for one person within an hour, at most. */
export const CODES_PER_PERSON_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/**
 * A new subscription must leave the person within `limit` of its kind (issue 29: one token
 * registered 1,000 push and 300 email subscriptions). Updating one they hold is always fine.
 */
export function checkSubscriptionLimit(
  held: readonly ChannelSubscription[],
  recipientId: string,
  kind: string,
  limit: number,
): void {
  if (held.filter((s) => s.kind === kind).length >= limit) {
    throw new SubscriptionLimitReachedError(recipientId, kind, limit);
  }
}

/**
 * Whether to mail a new confirmation code for `target`: it is unconfirmed and its last code is
 * older than {@link CODE_RESEND_AFTER_MS} (or none was sent). The person's codes are also
 * limited to {@link CODES_PER_PERSON_PER_HOUR} an hour, counted over all their targets of the
 * kind; past it the registration is refused until the oldest of the hour is an hour old.
 */
export function codeIsDue(
  confirmation: TargetConfirmation,
  target: ChannelSubscription['target'],
  held: readonly ChannelSubscription[],
  recipientId: string,
  now: string,
): boolean {
  if (confirmation.confirmed(target)) {
    return false;
  }
  const last = confirmation.codeSentAt(target);
  if (last !== null && msOf(now) - msOf(last) < CODE_RESEND_AFTER_MS) {
    return false;
  }
  const hourAgo = msOf(now) - HOUR_MS;
  const recent = held
    .map((s) => confirmation.codeSentAt(s.target))
    .filter((sent): sent is string => sent !== null && msOf(sent) > hourAgo)
    .sort();
  if (recent.length >= CODES_PER_PERSON_PER_HOUR) {
    const oldest = recent[recent.length - CODES_PER_PERSON_PER_HOUR] ?? now;
    throw new ConfirmationRateLimitedError(recipientId, toIsoUtc(msOf(oldest) + HOUR_MS));
  }
  return true;
}
