import { type Guarantee } from '../../../shared/domain/channel-send.state';
import { type SubscriptionTarget } from './delivery-channel.port';
import { type Scope } from '../../../shared/application/ports/scope';

/** A recipient's target for one external channel (instants ISO UTC). */
export interface ChannelSubscription {
  readonly id: string;
  readonly recipientId: string;
  /** The channel kind (`webhook`, `push`, `email`, …). */
  readonly kind: string;
  /** Identity of the target among the recipient's subscriptions of this kind. */
  readonly targetKey: string;
  /** Kind-specific configuration (secrets included); only its adapter reads it. */
  readonly target: SubscriptionTarget;
  readonly guarantee: Guarantee;
  /** Part of the default set: used when a notification names no channels. */
  readonly isDefault: boolean;
  readonly active: boolean;
  readonly deactivatedAt: string | null;
  readonly deactivatedReason: string | null;
  readonly pausedAt: string | null;
  readonly pausedReason: string | null;
  /** Failed attempts in a row. */
  readonly consecutiveFailures: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Persistence port of channel subscriptions. */
export interface SubscriptionRepository {
  /** The recipient's subscription of `kind` under `targetKey`, if any. */
  findByTarget(
    scope: Scope,
    recipientId: string,
    kind: string,
    targetKey: string,
  ): Promise<ChannelSubscription | undefined>;
  insert(scope: Scope, subscription: ChannelSubscription): Promise<void>;
  /** Writes every field but id, recipient and created_at of an existing subscription. */
  update(scope: Scope, subscription: ChannelSubscription): Promise<void>;
  /** The recipient's subscriptions, oldest first. */
  list(scope: Scope, recipientId: string): Promise<ChannelSubscription[]>;
  find(scope: Scope, recipientId: string, id: string): Promise<ChannelSubscription | undefined>;
  /** Returns whether a row was removed. */
  remove(scope: Scope, recipientId: string, id: string): Promise<boolean>;
  /** The active subscriptions of these recipients (firing resolves targets from them). */
  activeFor(scope: Scope, recipientIds: readonly string[]): Promise<ChannelSubscription[]>;
  /** The subscriptions with these ids (any state; unknown ids left out). */
  findByIds(scope: Scope, ids: readonly string[]): Promise<Map<string, ChannelSubscription>>;
  /**
   * Counts one attempt's outcome atomically: a success resets the failures in a row; a failure
   * adds one and, reaching `pauseAfter`, pauses the subscription with `reason` (unless already
   * paused). Returns whether this call paused it.
   */
  recordAttempt(
    scope: Scope,
    id: string,
    outcome: { ok: boolean; pauseAfter: number; reason: string; now: string },
  ): Promise<boolean>;
  /** Deactivates for good (push 404/410), with the reason the owner sees. */
  deactivate(scope: Scope, id: string, reason: string, now: string): Promise<void>;
}
