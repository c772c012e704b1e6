import { AggregateRoot, msOf, toIsoUtc } from '@tickler/core/domain';
import { NotificationChannelFailed, NotificationChannelSent } from './channel-send-events';
import { nextSendStatus, type ChannelSendVerb } from './channel-send-transitions';
import {
  type ChannelErrorClass,
  type ChannelSendState,
  type NewChannelSend,
} from '../../shared/domain/channel-send.state';
import { type ChannelRetryPolicy, retryDelayMs } from '../../shared/domain/retry-policy';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Take-overs of one send's abandoned claims before it fails: far above what a crash loop
 * costs an innocent send (the first sends in line are re-claimed first after every restart),
 * low enough that a send which kills the daemon taking it stops doing so.
 */
export const MAX_RECOVERIES = 10;

/** How one failed attempt reads to the send (the adapter's outcome, minus the log detail). */
export interface FailedAttempt {
  readonly errorClass: ChannelErrorClass;
  /** False: no further attempt, whatever the budget. */
  readonly retryable: boolean;
  /** The request may have reached the receiver: an at-most-once send must not repeat it. */
  readonly maybeDelivered: boolean;
}

/**
 * One external attempt series of one notification to one subscription, with its own retry
 * budget and guarantee. Its id is the idempotency key of every request it makes. Verbs check
 * `CHANNEL_SEND_TRANSITIONS`; instants come in from the caller's clock.
 */
export class ChannelSend extends AggregateRoot {
  private constructor(private readonly s: Mutable<ChannelSendState>) {
    super();
  }

  /**
   * A new send, `pending` and due at once (created when its notification fires), or at
   * `notBefore` (held to the end of the recipient's quiet hours while the inbox row is on time).
   */
  static create(props: NewChannelSend, now: string, id: string, notBefore = now): ChannelSend {
    return new ChannelSend({
      id,
      ...props,
      escalation: props.escalation ?? false,
      fallback: props.fallback ?? false,
      escalateAfterMs: props.escalateAfterMs ?? null,
      status: 'pending',
      attempts: 0,
      recoveries: 0,
      lastError: null,
      dueAt: notBefore > now ? notBefore : now,
      leaseToken: null,
      claimedBy: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** A send loaded from storage; records nothing. */
  static rehydrate(state: ChannelSendState): ChannelSend {
    return new ChannelSend({ ...state });
  }

  get id(): string {
    return this.s.id;
  }
  get deliveryId(): string {
    return this.s.deliveryId;
  }
  get status(): ChannelSendState['status'] {
    return this.s.status;
  }
  get attempts(): number {
    return this.s.attempts;
  }
  get leaseToken(): string | null {
    return this.s.leaseToken;
  }
  get lastError(): ChannelErrorClass | null {
    return this.s.lastError;
  }

  /** A read-only snapshot (mappers, views). */
  snapshot(): ChannelSendState {
    return { ...this.s };
  }

  /** Leases it for one attempt until `leaseUntil`, held by instance `holder` under `token`. */
  claim(now: string, leaseUntil: string, token: string, holder: string): void {
    this.apply('claim');
    this.lease(now, leaseUntil, token, holder);
  }

  /**
   * Found `sending` with its lease over: the process holding it died (or hung) with the request
   * maybe out, so its outcome is unknown. At-most-once fails it (`abandoned`); at-least-once
   * takes it over with the same idempotency key. The take-over counts as an attempt (a request
   * may go out again) but not against the retry budget: a crash loop once failed sends whose
   * request never left (torture scenario 1).
   * After `MAX_RECOVERIES` take-overs it fails: a send that kills every daemon taking it.
   */
  recoverAbandoned(now: string, leaseUntil: string, token: string, holder: string): void {
    this.apply('recover');
    if (this.s.guarantee === 'at-most-once') {
      this.fail(now, 'abandoned');
      return;
    }
    if (this.s.recoveries >= MAX_RECOVERIES) {
      this.fail(now, this.s.lastError ?? 'timeout');
      return;
    }
    this.s.recoveries += 1;
    this.lease(now, leaseUntil, token, holder);
  }

  /** The receiver accepted it. */
  succeed(now: string): void {
    this.apply('succeed');
    this.s.sentAt = now;
    this.s.lastError = null;
    this.settle(now);
    this.record(NotificationChannelSent.create(this.payload(), now));
  }

  /**
   * An attempt failed: back to `pending` after the backoff, or `failed` when the outcome says
   * no retry, the budget is spent, or an at-most-once request may have been delivered.
   */
  attemptFailed(now: string, attempt: FailedAttempt, retry: ChannelRetryPolicy): void {
    const uncertain = attempt.maybeDelivered && this.s.guarantee === 'at-most-once';
    if (!attempt.retryable || uncertain || this.budgetSpent() >= retry.maxAttempts) {
      this.fail(now, uncertain ? 'abandoned' : attempt.errorClass);
      return;
    }
    this.apply('retry');
    this.s.lastError = attempt.errorClass;
    this.endLease();
    this.s.dueAt = toIsoUtc(msOf(now) + retryDelayMs(retry, this.budgetSpent()));
    this.s.updatedAt = now;
  }

  /**
   * The person's send limit for this channel is reached: waits until `until` (ISO UTC), says
   * `throttled` meanwhile; no attempt is spent and no event raised (nothing was decided yet).
   */
  defer(now: string, until: string): void {
    this.apply('defer');
    this.s.lastError = 'throttled';
    this.s.dueAt = until;
    this.s.updatedAt = now;
  }

  /**
   * An escalation whose inbox item the person read before it was due: settled `failed` with
   * `read`, never sent, and no channel-failed event (nothing went wrong).
   */
  cancelAsRead(now: string): void {
    this.apply('fail');
    this.s.lastError = 'read';
    this.settle(now);
  }

  /** Gives up at once (subscription paused, removed or deactivated; budget spent). */
  fail(now: string, error: ChannelErrorClass): void {
    this.apply('fail');
    this.s.lastError = error;
    this.settle(now);
    this.record(NotificationChannelFailed.create({ ...this.payload(), error }, now));
  }

  private payload() {
    return {
      deliveryId: this.s.deliveryId,
      sendId: this.s.id,
      recipientId: this.s.recipientId,
      channel: this.s.channel,
      subscriptionId: this.s.subscriptionId,
      attempts: this.s.attempts,
    };
  }

  /** Attempts that count against the retry budget: every claim but the take-overs. */
  private budgetSpent(): number {
    return this.s.attempts - this.s.recoveries;
  }

  private lease(now: string, leaseUntil: string, token: string, holder: string): void {
    this.s.attempts += 1;
    this.s.dueAt = leaseUntil;
    this.s.leaseToken = token;
    this.s.claimedBy = holder;
    this.s.updatedAt = now;
  }

  private settle(now: string): void {
    this.s.dueAt = null;
    this.endLease();
    this.s.updatedAt = now;
  }

  private endLease(): void {
    this.s.leaseToken = null;
    this.s.claimedBy = null;
  }

  private apply(verb: ChannelSendVerb): void {
    this.s.status = nextSendStatus(verb, this.s.id, this.s.status);
  }
}
