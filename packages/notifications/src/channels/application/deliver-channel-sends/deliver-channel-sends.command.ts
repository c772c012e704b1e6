import { Command } from '@tickler/core';

/** What one run of the send loop did. */
export interface DeliverChannelSendsResult {
  /** Sends claimed and handed to the sender pool (their requests go out after this returns). */
  claimed: number;
  /** Sends failed at once (subscription paused, removed or deactivated; abandoned at-most-once). */
  failed: number;
}

/**
 * The external send loop: claims due channel sends (and sends whose claim was abandoned) as far
 * as the sender pool has room per endpoint, hands them to the pool and returns without waiting
 * for the network. Run by its own keyed wake-up row after the commit that made sends due.
 */
export class DeliverChannelSends extends Command<DeliverChannelSendsResult> {
  static readonly type = 'notifications.deliver-channel-sends';
}
