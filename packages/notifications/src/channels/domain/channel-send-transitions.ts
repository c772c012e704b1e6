import { DomainError } from '@tickler/core/domain';
import { type ChannelSendStatus } from '../../shared/domain/channel-send.state';

/** The state-changing verbs of `ChannelSend`, one per method. */
export type ChannelSendVerb = 'claim' | 'recover' | 'succeed' | 'retry' | 'defer' | 'fail';

/** One row of the table: where a verb may start and where it ends. */
export interface ChannelSendTransition {
  readonly from: readonly ChannelSendStatus[];
  readonly to: ChannelSendStatus;
}

/**
 * The one transition table of a channel send. `sent` and `failed` are in no `from`: a settled
 * send is never resurrected. Events: `succeed` raises `notifications.channel-sent`, `fail`
 * `notifications.channel-failed`; a claim, a takeover and a retry raise none (the outcome is
 * what subscribers want to know; `attempts` and `lastError` show the way there).
 */
export const CHANNEL_SEND_TRANSITIONS: Readonly<Record<ChannelSendVerb, ChannelSendTransition>> = {
  claim: { from: ['pending'], to: 'sending' },
  // A claim whose lease expired (its instance died or hung): taken over by another claim.
  recover: { from: ['sending'], to: 'sending' },
  succeed: { from: ['sending'], to: 'sent' },
  retry: { from: ['sending'], to: 'pending' },
  // Over the person's send limit (throttling): later, no attempt spent.
  defer: { from: ['pending'], to: 'pending' },
  fail: { from: ['pending', 'sending'], to: 'failed' },
};

/** A verb was called on a send in a status its row of the table does not accept. */
export class ChannelSendTransitionError extends DomainError {
  readonly code = 'NOTIFICATIONS.CHANNEL_SEND_TRANSITION';

  constructor(sendId: string, status: ChannelSendStatus, verb: ChannelSendVerb) {
    super(`channel send ${sendId} is ${status}; cannot ${verb}`, { id: sendId, status, verb });
  }
}

/** The status `verb` leads to from `current`; throws when the table does not allow it. */
export function nextSendStatus(
  verb: ChannelSendVerb,
  sendId: string,
  current: ChannelSendStatus,
): ChannelSendStatus {
  const transition = CHANNEL_SEND_TRANSITIONS[verb];
  if (!transition.from.includes(current)) {
    throw new ChannelSendTransitionError(sendId, current, verb);
  }
  return transition.to;
}
