// Over 100 lines on purpose: the one seam every channel adapter codes against (docs/channels.md).
import { type ChannelErrorClass, type Guarantee } from '../../../shared/domain/channel-send.state';
import { type ChannelRetryPolicy } from '../../../shared/domain/retry-policy';
import { type Scope } from '../../../shared/application/ports/scope';
import { type DeliveryPriority } from '../../../shared/domain/notification-status';

export type { ChannelErrorClass, ChannelRetryPolicy, Guarantee };

/**
 * A subscription's kind-specific configuration as stored (JSON object): webhook url + signing
 * secrets, push endpoint + keys, email address. Only its own adapter reads it; everything else
 * passes it through untouched.
 */
export type SubscriptionTarget = Readonly<Record<string, unknown>>;

/** The notification an external channel carries: plain data, no aggregate (instants ISO UTC). */
export interface ChannelMessage {
  /** The notification (delivery) id. */
  readonly id: string;
  readonly recipientId: string;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  readonly scheduledAt: string | null;
  /** How urgently the person wants it (ntfy's priority, push urgency). */
  readonly priority: DeliveryPriority;
  /** When it fired (the instant its channel sends were created). */
  readonly sentAt: string;
  /**
   * False when the notification has no inbox item (its channels leave the inbox out): buttons
   * that act on the inbox item (ntfy's Snooze / Done) are then left off. Unset: it has one.
   */
  readonly inInbox?: boolean;
}

/** What an external channel adapter is asked to send. */
export interface ChannelSendRequest {
  /** UUIDv7 of the channel send: the idempotency key, the same on every attempt of this send. */
  readonly sendId: string;
  readonly deliveryId: string;
  readonly recipientId: string;
  readonly subscriptionId: string;
  /** 1-based. */
  readonly attempt: number;
  /** The subscription's configuration (see {@link SubscriptionTarget}). */
  readonly target: SubscriptionTarget;
  readonly message: ChannelMessage;
  /** Now, as the application's clock reads it (ISO UTC): signatures and timestamps use it. */
  readonly now: string;
}

/** What one attempt came to. Adapters never throw for a delivery failure: they return this. */
export type ChannelSendOutcome =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** What the owner may see (never raw socket text or a receiver's answer). */
      readonly errorClass: ChannelErrorClass;
      /** False: failed now, the remaining attempts are not spent. */
      readonly retryable: boolean;
      /**
       * True when the request may have reached the receiver (written, no answer): an
       * at-most-once send is then failed instead of retried.
       */
      readonly maybeDelivered: boolean;
      /** Set to deactivate the subscription for good, with this reason (push 404/410). */
      readonly deactivateSubscription?: string;
      /** For the operator's log only; never stored where the owner can read it. */
      readonly detail: string;
    };

/** The fields of a subscription registration, as the `RegisterSubscription` command carries them. */
export type SubscriptionInput = Readonly<Record<string, unknown>> & {
  readonly recipientId: string;
  readonly kind: string;
};

/** What an adapter makes of a registration: the stored target and what the owner sees once. */
export interface PreparedTarget {
  /**
   * Identity of the target among the recipient's subscriptions of this kind: registering the
   * same key again updates that subscription in place (webhook: one per recipient; push: the
   * endpoint; email: the address).
   */
  readonly targetKey: string;
  readonly target: SubscriptionTarget;
  /** A secret shown in this answer only (webhook signing secret), if the kind has one. */
  readonly secret?: string;
  /** Forces the subscription into (true) the default set, whatever the caller asked (push). */
  readonly alwaysDefault?: boolean;
}

/**
 * An external channel (webhook, push, email): claimed, sent after commit with no transaction
 * open, settled in its own small transaction with this channel's retry policy and the
 * subscription's guarantee. One class per folder under `infrastructure/channels/<kind>/`,
 * registered once in `channels/channels.module.ts` (`EXTERNAL_CHANNELS`) and named in
 * `CHANNEL_KINDS`.
 */
export interface ExternalChannel {
  /** The kind's name, as in `CHANNEL_KINDS` and the subscriptions' `kind` column. */
  readonly kind: string;
  /** Attempts per send and the backoff between them. */
  readonly retry: ChannelRetryPolicy;
  /**
   * What a registration that names no `guarantee` gets (seed 004): `at-most-once` for a channel
   * that reaches a person (a duplicate alert is the more visible failure), `at-least-once` for
   * one that reaches a program (a receiver dedupes by its idempotency key).
   */
  readonly defaultGuarantee: Guarantee;
  /** Per-attempt timeout in ms: the send loop aborts `signal` after it. */
  readonly timeoutMs: number;
  /**
   * Endpoint key for per-endpoint concurrency (webhook URL origin, push service origin, SMTP
   * host). Computed once, when the send is created.
   */
  endpointOf(target: SubscriptionTarget): string;
  /**
   * Validates a registration's kind-specific fields and builds the stored target. Runs outside
   * any transaction (it may resolve the target's address). Throws an `InvalidArgumentError`
   * naming the field on bad input.
   */
  prepareTarget(input: SubscriptionInput, now: string): Promise<PreparedTarget>;
  /**
   * Optional: the target to store when a registration updates the subscription stored under the
   * same key (webhook: the new secret signs, the old one keeps signing for the overlap).
   * Without it the new target replaces the old one.
   */
  renewTarget?(
    previous: SubscriptionTarget,
    next: SubscriptionTarget,
    now: string,
  ): SubscriptionTarget;
  /** What the owner sees of a target (no secrets): merged into the subscription's view. */
  publicTarget(target: SubscriptionTarget): Record<string, unknown>;
  /**
   * Optional: loads what sending needs (a client library loaded on first use, a connection
   * pool). The send loop awaits it before an attempt's timeout starts, so a slow first load is
   * not counted as the receiver's time. Called before every attempt: make it cheap once done.
   */
  prepare?(): Promise<void>;
  /**
   * Sends once. Never throws for a delivery failure; honours `signal` (aborted after
   * `timeoutMs`, or at stop).
   */
  send(request: ChannelSendRequest, signal: AbortSignal): Promise<ChannelSendOutcome>;
  /**
   * Optional: the kind's targets must be confirmed by a code sent to them before they receive
   * anything (email: an address anyone may type is not a mailbox its owner controls).
   */
  readonly confirmation?: TargetConfirmation;
}

/**
 * How a target proves it belongs to its owner: a code sent to it, typed back. The state lives in
 * the target (only the adapter reads it); the application decides when a code may be sent.
 */
export interface TargetConfirmation {
  /** Whether the target may receive notifications. */
  confirmed(target: SubscriptionTarget): boolean;
  /** When its last code was sent (ISO UTC), or null. */
  codeSentAt(target: SubscriptionTarget): string | null;
  /** The target holding a new code (only its hash is kept), and the code to send. */
  withNewCode(
    target: SubscriptionTarget,
    now: string,
  ): { target: SubscriptionTarget; code: string };
  /**
   * Checks a code typed back: `confirmed`, `wrong` (one more failed attempt counted) or `locked`
   * (too many wrong codes, or none sent: a new registration sends a new one).
   */
  check(
    target: SubscriptionTarget,
    code: string,
    now: string,
  ): { target: SubscriptionTarget; outcome: 'confirmed' | 'wrong' | 'locked' };
  /** Sends the code to the target (outside any transaction); false when it could not go out. */
  sendCode(target: SubscriptionTarget, code: string): Promise<boolean>;
}

/** A notification as the in-transaction channel writes it (its delivery row is written beside). */
export interface InTransactionDelivery {
  readonly id: string;
  readonly recipientId: string;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  /** The instant it fired (ISO UTC). */
  readonly sentAt: string;
}

/**
 * An in-transaction channel (the inbox): writes its rows in the transaction that fires the
 * notification, so the row and the status change commit together — exactly once. It needs no
 * channel-send row: its outcome is its own row.
 */
export interface InTransactionChannel {
  readonly kind: string;
  /** Writes one row per notification, in bulk, inside the firing transaction. */
  deliverMany(scope: Scope, deliveries: readonly InTransactionDelivery[]): Promise<void>;
}

/** Every channel the context knows, by kind. */
export interface ChannelLookup {
  /** The in-transaction channel (the inbox). */
  readonly inTransaction: InTransactionChannel;
  /** The external channel of `kind`, if one is registered. */
  external(kind: string): ExternalChannel | undefined;
}
