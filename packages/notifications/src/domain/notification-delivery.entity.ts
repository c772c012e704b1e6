// Over 300 lines: one aggregate's verbs and their lease bookkeeping (state, events and the
// transition table already live in their own files).
import { AggregateRoot, msOf, toIsoUtc } from '@tickler/core/domain';
import { decideDue, type DueDecision, type DuePolicy } from './delivery-policy';
import { type CancelReason } from './notification-canceled.event';
import {
  attemptFailedEvent,
  canceledEvent,
  failedEvent,
  missedEvent,
  rescheduledEvent,
  scheduledEvent,
  sentEvent,
} from './notification-delivery.events';
import {
  type DeliveryChanges,
  type NewNotificationDelivery,
  type NotificationDeliveryState,
} from './notification-delivery.state';
import { type Channel, type MissedReason, type NotificationStatus } from './notification-status';
import { type DeliveryVerb, INITIAL_STATUS, nextStatus } from './notification-transitions';
import { retryDelayMs, type RetryPolicy } from './webhook-retry-policy';

export type {
  DeliveryChanges,
  NewNotificationDelivery,
  NotificationDeliveryState,
  NotificationSource,
} from './notification-delivery.state';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One notification for one recipient over one channel, and its own delivery ledger. Verbs
 * check the transition table and record one past-tense event each. Instants (`now`) come in
 * as ISO UTC text from the caller's clock; the aggregate never reads a clock or makes ids.
 */
export class NotificationDelivery extends AggregateRoot {
  private constructor(private readonly s: Mutable<NotificationDeliveryState>) {
    super();
  }

  /**
   * A new delivery. A `scheduledAt` after `now` queues it (`scheduled`, event
   * `NotificationScheduled`). Otherwise it takes the immediate path: an inbox delivery is
   * `sent` at once with inbox id = `id`; a webhook is queued due `now` (meant for `now`),
   * because its HTTP request never runs inside the caller's request or transaction.
   *
   * The grace window does not apply to the immediate path: it exists for a dispatcher that
   * woke late, not for a caller who explicitly asks for a send now (SPEC: absent or past →
   * immediate). The event window and dry-run still apply — a reminder for an event that is
   * already over is `missed`, never sent.
   */
  static create(
    props: NewNotificationDelivery,
    now: string,
    id: string,
    policy: DuePolicy,
  ): NotificationDelivery {
    const scheduledAt = props.scheduledAt ?? null;
    const future = scheduledAt !== null && scheduledAt > now;
    const delivery = new NotificationDelivery({
      id,
      recipientId: props.recipientId,
      channel: props.channel,
      title: props.title,
      message: props.message,
      url: props.url ?? null,
      scheduledAt: future || props.channel === 'inbox' ? scheduledAt : now,
      status: INITIAL_STATUS,
      attempts: 0,
      lastError: null,
      sentAt: null,
      inboxId: null,
      source: props.source ?? null,
      idempotencyKey: props.idempotencyKey ?? null,
      eventAt: props.eventAt ?? null,
      expiresAt: props.expiresAt ?? null,
      missedReason: null,
      createdAt: now,
      updatedAt: now,
      dueAt: future ? scheduledAt : now,
      leaseToken: null,
      claimedBy: null,
    });
    const immediate: DuePolicy = { ...policy, graceMs: Number.POSITIVE_INFINITY };
    if (future || props.channel === 'webhook') {
      const decision = future ? ({ kind: 'deliver' } as const) : delivery.decideDue(now, immediate);
      if (decision.kind === 'skip') {
        delivery.markMissed(now, decision.reason);
      } else {
        delivery.record(scheduledEvent(delivery.s, now));
      }
      return delivery;
    }
    const decision = delivery.decideDue(now, immediate);
    if (decision.kind === 'skip') {
      delivery.markMissed(now, decision.reason);
    } else {
      delivery.markSent(now, id);
    }
    return delivery;
  }

  /** A delivery loaded from storage; records nothing. */
  static rehydrate(state: NotificationDeliveryState): NotificationDelivery {
    return new NotificationDelivery({ ...state });
  }

  get id(): string {
    return this.s.id;
  }
  get recipientId(): string {
    return this.s.recipientId;
  }
  get channel(): Channel {
    return this.s.channel;
  }
  get status(): NotificationStatus {
    return this.s.status;
  }
  get attempts(): number {
    return this.s.attempts;
  }
  get dueAt(): string | null {
    return this.s.dueAt;
  }
  get leaseToken(): string | null {
    return this.s.leaseToken;
  }

  /** A read-only snapshot (for mappers and views). */
  snapshot(): NotificationDeliveryState {
    return { ...this.s };
  }

  /** What the dispatcher should do with this due delivery at `now` (pure; changes nothing). */
  decideDue(now: string, policy: DuePolicy): DueDecision {
    return decideDue(this.s, now, policy);
  }

  /** Delivered: the inbox row `inboxId` exists (inbox) or the endpoint accepted it (webhook, null). */
  markSent(now: string, inboxId: string | null): void {
    this.apply('send');
    if (this.s.channel === 'inbox') {
      this.s.attempts += 1;
    }
    this.s.sentAt = now;
    this.s.inboxId = inboxId;
    this.settle(now);
    this.record(sentEvent(this.s, now));
  }

  /**
   * Settled without being sent, by design. A row that was already tried (a webhook waiting to
   * retry) becomes `failed` instead: "we never tried" and "we tried and gave up" want
   * different follow-ups.
   */
  markMissed(now: string, reason: MissedReason): void {
    if (this.s.attempts > 0) {
      this.markFailed(
        now,
        `${this.s.lastError ?? 'earlier attempt failed'}; not retried: ${reason}`,
      );
      return;
    }
    this.apply('miss');
    this.s.missedReason = reason;
    this.settle(now);
    this.record(missedEvent(this.s, reason, now));
  }

  /**
   * Cancels a scheduled delivery; the row stays as a tombstone so no producer resurrects it.
   * Returns false (and changes nothing) when it is already canceled.
   */
  cancel(now: string, reason: CancelReason = 'requested'): boolean {
    if (this.s.status === 'canceled') {
      return false;
    }
    this.apply('cancel');
    this.settle(now);
    this.record(canceledEvent(this.s, reason, now));
    return true;
  }

  /** Edits content and/or the send instant while still scheduled; a new instant moves `dueAt`. */
  reschedule(changes: DeliveryChanges, now: string): void {
    this.apply('edit');
    if (changes.title !== undefined) {
      this.s.title = changes.title;
    }
    if (changes.message !== undefined) {
      this.s.message = changes.message;
    }
    if (changes.url !== undefined) {
      this.s.url = changes.url;
    }
    if (changes.scheduledAt !== undefined) {
      this.s.scheduledAt = changes.scheduledAt;
      this.s.dueAt = changes.scheduledAt;
    }
    if (changes.eventAt !== undefined) {
      this.s.eventAt = changes.eventAt;
    }
    if (changes.expiresAt !== undefined) {
      this.s.expiresAt = changes.expiresAt;
    }
    this.s.updatedAt = now;
    this.record(rescheduledEvent(this.s, now));
  }

  /**
   * Send-now for a channel that cannot send inside the request (webhook): brings the row due
   * `now`, bypassing the time guards (the user asked for it now). The send instant moved, so it
   * is announced as a reschedule.
   */
  expedite(now: string): void {
    this.apply('expedite');
    this.s.scheduledAt = now;
    this.s.dueAt = now;
    this.s.updatedAt = now;
    this.record(rescheduledEvent(this.s, now));
  }

  /** Leases it to one dispatcher for a request until `leaseUntil`, held by instance `holder`. */
  claimForSending(now: string, leaseUntil: string, token: string, holder?: string): void {
    this.apply('claim');
    this.lease(now, leaseUntil, token, holder);
  }

  /**
   * An attempt failed with `error`: back to `scheduled`, due after the backoff, or `failed`
   * once the retry budget is spent.
   */
  recordFailedAttempt(now: string, error: string, policy: RetryPolicy): void {
    if (this.s.attempts >= policy.maxAttempts) {
      this.markFailed(now, error);
      return;
    }
    this.apply('retry');
    this.s.lastError = error;
    this.endLease();
    this.s.dueAt = toIsoUtc(msOf(now) + retryDelayMs(policy, this.s.attempts));
    this.s.updatedAt = now;
    this.record(attemptFailedEvent(this.s, now));
  }

  /**
   * The dispatcher found this `sending` row with its lease expired: its process died with the
   * request in flight. Per policy the claim is taken over by `holder` (at-least-once; a spent
   * budget fails) or the delivery fails (at-most-once).
   */
  recoverAbandonedClaim(
    now: string,
    leaseUntil: string,
    token: string,
    policy: RetryPolicy,
    holder?: string,
  ): void {
    this.apply('recover');
    if (policy.onAbandoned === 'fail') {
      this.markFailed(
        now,
        `abandoned: the process delivering attempt ${this.s.attempts} died before settling it (at-most-once)`,
      );
      return;
    }
    if (this.s.attempts >= policy.maxAttempts) {
      this.markFailed(
        now,
        `abandoned: attempt ${this.s.attempts} of ${policy.maxAttempts} never settled`,
      );
      return;
    }
    this.lease(now, leaseUntil, token, holder);
  }

  /** Gave up: terminal `failed` with the reason kept in `lastError`. */
  markFailed(now: string, error: string): void {
    this.apply('fail');
    this.s.lastError = error;
    this.settle(now);
    this.record(failedEvent(this.s, now));
  }

  /** One more attempt, leased until `leaseUntil` under `token` (the fence of its settlement). */
  private lease(now: string, leaseUntil: string, token: string, holder?: string): void {
    this.s.attempts += 1;
    this.s.dueAt = leaseUntil;
    this.s.leaseToken = token;
    this.s.claimedBy = holder ?? null; // unknown: only the lease can free it
    this.s.updatedAt = now;
  }

  /** Leaves the dispatcher's view: no due instant, no lease. */
  private settle(now: string): void {
    this.s.dueAt = null;
    this.endLease();
    this.s.updatedAt = now;
  }

  private endLease(): void {
    this.s.leaseToken = null;
    this.s.claimedBy = null;
  }

  /** Moves to the status the transition table gives `verb`, or throws its typed refusal. */
  private apply(verb: DeliveryVerb): void {
    this.s.status = nextStatus(verb, this.s.id, this.s.status);
  }
}
