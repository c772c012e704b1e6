import { AggregateRoot, msOf, toIsoUtc } from '@tickler/core/domain';
import { decideDue, type DueDecision, type DuePolicy } from './delivery-policy';
import { type CancelReason, NotificationCanceled } from './notification-canceled.event';
import { NotificationFailed } from './notification-failed.event';
import { NotificationMissed } from './notification-missed.event';
import { NotificationRescheduled } from './notification-rescheduled.event';
import { NotificationScheduled } from './notification-scheduled.event';
import { NotificationSentEvent } from './notification-sent.event';
import { NotificationAlreadySentError, NotificationNotScheduledError } from './notification.errors';
import {
  canTransition,
  type Channel,
  type MissedReason,
  type NotificationStatus,
} from './notification-status';
import { retryDelayMs, type RetryPolicy } from './webhook-retry-policy';

/** Where an app-scheduled delivery came from (set by producers; opaque to the dispatcher). */
export interface NotificationSource {
  readonly app: string;
  /** The producer's stable idempotency key. */
  readonly key: string;
  readonly collection: string | null;
  readonly id: string | null;
  /** Lead rule the send instant was derived from (`lead:3600`), if any. */
  readonly rule: string | null;
}

/** Everything a delivery is, as stored. Instants are ISO-8601 UTC text. */
export interface NotificationDeliveryState {
  readonly id: string;
  readonly recipientId: string;
  readonly channel: Channel;
  readonly title: string;
  readonly message: string;
  readonly url: string | null;
  /** Requested send instant; null for an immediate send. */
  readonly scheduledAt: string | null;
  readonly status: NotificationStatus;
  /** Delivery attempts so far (an inbox send is one; each webhook claim is one). */
  readonly attempts: number;
  readonly lastError: string | null;
  readonly sentAt: string | null;
  readonly inboxId: string | null;
  readonly source: NotificationSource | null;
  readonly idempotencyKey: string | null;
  /** Start of the event this reminds of; a row meant for before it is not sent after it. */
  readonly eventAt: string | null;
  /** End of the event's window; a row meant for before it is not sent after it. */
  readonly expiresAt: string | null;
  readonly missedReason: MissedReason | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /**
   * Next instant the dispatcher must look at this row: the send instant while `scheduled`,
   * the retry instant after a failed attempt, the lease expiry while `sending`; null once
   * settled. Bookkeeping only: no send/skip decision ever reads it.
   */
  readonly dueAt: string | null;
  /** Fencing token of the current claim while `sending`. */
  readonly leaseToken: string | null;
  /**
   * The instance (process) holding the claim while `sending`: once it no longer holds its
   * instance lock the claim is recoverable at once, not at lease expiry. Null otherwise, or
   * when the claimer is unknown (the lease alone decides).
   */
  readonly claimedBy: string | null;
}

/** What a caller provides to create a delivery (instants already normalised to ISO UTC). */
export interface NewNotificationDelivery {
  readonly recipientId: string;
  readonly channel: Channel;
  readonly title: string;
  readonly message: string;
  readonly url?: string | null;
  readonly scheduledAt?: string | null;
  readonly source?: NotificationSource | null;
  readonly idempotencyKey?: string | null;
  readonly eventAt?: string | null;
  readonly expiresAt?: string | null;
}

/** Editable fields of a scheduled delivery. */
export interface DeliveryChanges {
  readonly title?: string;
  readonly message?: string;
  readonly url?: string | null;
  readonly scheduledAt?: string;
  /** Event window (ISO UTC); null clears it. */
  readonly eventAt?: string | null;
  readonly expiresAt?: string | null;
}

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
      status: 'scheduled',
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
        delivery.record(NotificationScheduled.create(delivery.scheduledPayload(), now));
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
    this.transition('sent', 'send');
    if (this.s.channel === 'inbox') {
      this.s.attempts += 1;
    }
    this.s.sentAt = now;
    this.s.inboxId = inboxId;
    this.settle(now);
    this.record(
      NotificationSentEvent.create(
        {
          deliveryId: this.s.id,
          inboxId,
          recipientId: this.s.recipientId,
          channel: this.s.channel,
          title: this.s.title,
          message: this.s.message,
          url: this.s.url,
          sentAt: now,
          scheduledAt: this.s.scheduledAt,
        },
        now,
      ),
    );
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
    this.transition('missed', 'settle as missed');
    this.s.missedReason = reason;
    this.settle(now);
    this.record(
      NotificationMissed.create(
        {
          deliveryId: this.s.id,
          recipientId: this.s.recipientId,
          reason,
          scheduledAt: this.s.scheduledAt,
        },
        now,
      ),
    );
  }

  /**
   * Cancels a scheduled delivery; the row stays as a tombstone so no producer resurrects it.
   * Returns false (and changes nothing) when it is already canceled.
   */
  cancel(now: string, reason: CancelReason = 'requested'): boolean {
    if (this.s.status === 'canceled') {
      return false;
    }
    this.transition('canceled', 'cancel', ['scheduled']);
    this.settle(now);
    this.record(
      NotificationCanceled.create(
        { deliveryId: this.s.id, recipientId: this.s.recipientId, reason },
        now,
      ),
    );
    return true;
  }

  /** Edits content and/or the send instant while still scheduled; a new instant moves `dueAt`. */
  reschedule(changes: DeliveryChanges, now: string): void {
    this.transition('scheduled', 'edit', ['scheduled']);
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
    this.record(
      NotificationRescheduled.create(
        {
          deliveryId: this.s.id,
          recipientId: this.s.recipientId,
          scheduledAt: this.s.scheduledAt,
          title: this.s.title,
          message: this.s.message,
          url: this.s.url,
        },
        now,
      ),
    );
  }

  /**
   * Send-now for a channel that cannot send inside the request (webhook): brings the row due
   * `now`, bypassing the time guards (the user asked for it now).
   */
  expedite(now: string): void {
    this.transition('scheduled', 'send now', ['scheduled']);
    this.s.scheduledAt = now;
    this.s.dueAt = now;
    this.s.updatedAt = now;
  }

  /**
   * Leases the delivery to one dispatcher for an external request until `leaseUntil`, held by
   * instance `holder` (null: unknown, the lease alone decides). An abandoned claim (`sending`
   * with its lease expired, or its holder dead) may be claimed again.
   */
  claimForSending(
    now: string,
    leaseUntil: string,
    token: string,
    holder: string | null = null,
  ): void {
    this.transition('sending', 'claim');
    this.s.attempts += 1;
    this.s.dueAt = leaseUntil;
    this.s.leaseToken = token;
    this.s.claimedBy = holder;
    this.s.updatedAt = now;
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
    this.transition('scheduled', 'retry', ['sending']);
    this.s.lastError = error;
    this.s.leaseToken = null;
    this.s.claimedBy = null;
    this.s.dueAt = toIsoUtc(msOf(now) + retryDelayMs(policy, this.s.attempts));
    this.s.updatedAt = now;
  }

  /**
   * The dispatcher found this `sending` row with its lease expired: its process died with the
   * request in flight. Per policy the claim is taken over (at-least-once; a spent budget
   * fails) or the delivery fails (at-most-once).
   */
  recoverAbandonedClaim(
    now: string,
    leaseUntil: string,
    token: string,
    policy: RetryPolicy,
    holder: string | null = null,
  ): void {
    this.transition('sending', 'recover an abandoned claim', ['sending']);
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
    this.claimForSending(now, leaseUntil, token, holder);
  }

  /** Gave up: terminal `failed` with the reason kept in `lastError`. */
  markFailed(now: string, error: string): void {
    this.transition('failed', 'fail');
    this.s.lastError = error;
    this.settle(now);
    this.record(
      NotificationFailed.create(
        {
          deliveryId: this.s.id,
          recipientId: this.s.recipientId,
          attempts: this.s.attempts,
          lastError: error,
        },
        now,
      ),
    );
  }

  private scheduledPayload(): Parameters<typeof NotificationScheduled.create>[0] {
    return {
      deliveryId: this.s.id,
      recipientId: this.s.recipientId,
      channel: this.s.channel,
      scheduledAt: this.s.scheduledAt,
      dueAt: this.s.dueAt ?? this.s.createdAt,
    };
  }

  /** Leaves the dispatcher's view: no due instant, no lease. */
  private settle(now: string): void {
    this.s.dueAt = null;
    this.s.leaseToken = null;
    this.s.claimedBy = null;
    this.s.updatedAt = now;
  }

  /**
   * Moves to `to` if the table allows it (and, when given, only from `from`). A sent row
   * gets the dedicated "already sent" error; any other refusal is an illegal transition.
   */
  private transition(
    to: NotificationStatus,
    action: string,
    from?: readonly NotificationStatus[],
  ): void {
    const current = this.s.status;
    if ((from && !from.includes(current)) || !canTransition(current, to)) {
      if (current === 'sent') {
        throw new NotificationAlreadySentError(this.s.id, action);
      }
      throw new NotificationNotScheduledError(this.s.id, current, action);
    }
    this.s.status = to;
  }
}
