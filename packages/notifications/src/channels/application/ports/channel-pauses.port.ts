import { type Scope } from '../../../shared/application/ports/scope';

/** One paused channel kind. */
export interface ChannelPause {
  readonly channel: string;
  /** When the operator paused it (ISO UTC). */
  readonly pausedAt: string;
}

/** One subscription the operator paused. */
export interface SubscriptionPause {
  readonly subscriptionId: string;
  /** When the operator paused it (ISO UTC). */
  readonly pausedAt: string;
}

/**
 * The channel kinds and the subscriptions the operator paused. Durable (a table), so a pause outlives a restart; the
 * send loop's claim reads it in its own statement (see the channel-send repository's `findDue`).
 */
export interface ChannelPauses {
  /** Every paused kind, by kind. */
  list(scope: Scope): Promise<ChannelPause[]>;
  /** Pauses `channel` from `at`; false when it was paused already (its first instant is kept). */
  pause(scope: Scope, channel: string, at: string): Promise<boolean>;
  /** Lets `channel` go again; false when it was not paused. */
  resume(scope: Scope, channel: string): Promise<boolean>;
  /** Every paused subscription, oldest pause first (a removed subscription's row left out). */
  listSubscriptions(scope: Scope): Promise<SubscriptionPause[]>;
  /** Pauses one subscription from `at`; false when it was paused already (first instant kept). */
  pauseSubscription(scope: Scope, subscriptionId: string, at: string): Promise<boolean>;
  /** Lets one subscription go again; false when it was not paused. */
  resumeSubscription(scope: Scope, subscriptionId: string): Promise<boolean>;
}
