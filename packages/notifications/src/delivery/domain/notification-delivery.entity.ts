// Over 300 lines: the delivery aggregate is one state machine (fire, cancel, uncancel, reschedule, snooze) whose transitions share its invariants.
import { AggregateRoot } from '@tickler/core/domain';
import { decideDue, type DueDecision, type DuePolicy } from './delivery-policy';
import { type CancelReason } from './notification-canceled.event';
import { type DeferReason } from './notification-deferred.event';
import {
  canceledEvent,
  deferredEvent,
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
import {
  type Channel,
  type MissedReason,
  type NotificationStatus,
} from '../../shared/domain/notification-status';
import {
  type DeliveryVerb,
  INITIAL_STATUS,
  nextStatus,
  UNCANCEL_WINDOW_MS,
} from './notification-transitions';
import {
  NotificationNotScheduledError,
  NotificationUndoExpiredError,
} from '../../shared/domain/notification.errors';

export type {
  DeliveryChanges,
  NewNotificationDelivery,
  NotificationDeliveryState,
  NotificationSource,
} from './notification-delivery.state';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What firing found for a notification: whether its set has the inbox, and how many external targets. */
export interface FiringTargets {
  readonly inbox: boolean;
  readonly external: number;
  /** How many of its channels the recipient's preferences turned off (0 when absent). */
  readonly turnedOff?: number;
}

/** Why a notification that fired reached nobody: no channel of its set had a target. */
export const NO_TARGET = 'no-target';

/**
 * One notification for one recipient, over the channels it names (or the default set), and its
 * own ledger. Verbs check the transition table and record one past-tense event each. Instants
 * (`now`) come in as ISO UTC text from the caller's clock; the aggregate never reads a clock or
 * makes ids. Its channels' sends are `ChannelSend` aggregates; it learns their outcome through
 * `channelSucceeded` / `channelsFailed`.
 */
export class NotificationDelivery extends AggregateRoot {
  private constructor(private readonly s: Mutable<NotificationDeliveryState>) {
    super();
  }

  /**
   * A new delivery. A `scheduledAt` after `now` queues it (`scheduled`, event
   * `NotificationScheduled`). Otherwise it takes the immediate path: settled `missed` when the
   * event window or dry-run says so, else left `scheduled` and due `now` for the caller to
   * {@link fire} in the same transaction (no event yet: firing raises the settling one).
   *
   * The grace window does not apply to the immediate path: it exists for a dispatcher that
   * woke late, not for a caller who explicitly asks for a send now (SPEC: absent or past →
   * immediate). The event window and dry-run still apply.
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
      channels: props.channels ?? null,
      title: props.title,
      message: props.message,
      url: props.url ?? null,
      scheduledAt,
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
      snoozedFrom: props.snoozedFrom ?? null,
      priority: props.priority ?? 'normal',
      deferredFrom: null,
      digestId: null,
      escalation: props.escalation ?? null,
      fallback: props.fallback ?? null,
    });
    if (future) {
      delivery.record(scheduledEvent(delivery.s, now));
      return delivery;
    }
    const decision = delivery.decideDue(now, { ...policy, graceMs: Number.POSITIVE_INFINITY });
    if (decision.kind === 'skip') {
      delivery.markMissed(now, decision.reason);
    }
    return delivery;
  }

  /** A delivery loaded from storage; records nothing. */
  static rehydrate(state: NotificationDeliveryState): NotificationDelivery {
    return new NotificationDelivery({ ...state, channels: state.channels ?? null });
  }

  get id(): string {
    return this.s.id;
  }
  get recipientId(): string {
    return this.s.recipientId;
  }
  /** The channels asked for; null = the default set. */
  get channels(): readonly Channel[] | null {
    return this.s.channels;
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
  get priority(): NotificationDeliveryState['priority'] {
    return this.s.priority;
  }
  /** Its escalation rule, if it has one. */
  get escalation(): NotificationDeliveryState['escalation'] {
    return this.s.escalation;
  }
  /** Its fallback rule, if it has one. */
  get fallback(): NotificationDeliveryState['fallback'] {
    return this.s.fallback;
  }

  /** True while it is `scheduled` and due at or before `now`: the caller fires it now. */
  isDue(now: string): boolean {
    return this.s.status === 'scheduled' && this.s.dueAt !== null && this.s.dueAt <= now;
  }

  /** A read-only snapshot (for mappers and views). */
  snapshot(): NotificationDeliveryState {
    return { ...this.s };
  }

  /** What the dispatcher should do with this due delivery at `now` (pure; changes nothing). */
  decideDue(now: string, policy: DuePolicy): DueDecision {
    return decideDue(this.s, now, policy);
  }

  /**
   * It goes out now, to what firing found: with the inbox in its set it is `sent` at once (the
   * inbox row commits with it, inbox id = delivery id); with only external targets it is
   * `sending` until their sends settle; with no target left because the recipient's preferences
   * turned every one off it is `missed` (`preferences`); with no target at all it is `failed`
   * (`no-target`).
   */
  fire(now: string, targets: FiringTargets): void {
    // Only a scheduled delivery fires (a sent one is refused as already sent).
    nextStatus('dispatch', this.s.id, this.s.status);
    if (targets.inbox) {
      this.markSent(now, 'inbox', this.s.id);
    } else if (targets.external > 0) {
      this.apply('dispatch');
      this.s.dueAt = null;
      this.s.updatedAt = now;
    } else if ((targets.turnedOff ?? 0) > 0) {
      this.markMissed(now, 'preferences');
    } else {
      this.markFailed(now, NO_TARGET);
    }
  }

  /**
   * One external channel reached the recipient. The first one makes a `sending` notification
   * `sent`; returns false (nothing changes) when it was already settled.
   */
  channelSucceeded(now: string, channel: Channel): boolean {
    if (this.s.status !== 'sending') {
      return false;
    }
    this.markSent(now, channel, null);
    return true;
  }

  /**
   * Every external channel of a `sending` notification failed: it is `failed` with the last
   * channel's error class. Returns false when it was already settled.
   */
  channelsFailed(now: string, lastError: string): boolean {
    if (this.s.status !== 'sending') {
      return false;
    }
    this.markFailed(now, lastError);
    return true;
  }

  /** Settled without being sent, by design (too late, event started, expired, dry-run). */
  markMissed(now: string, reason: MissedReason): void {
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

  /**
   * Undo of a cancel a person asked for, within {@link UNCANCEL_WINDOW_MS} of it: scheduled
   * again at its instant (due at once when that has passed; the dispatcher's grace rule then
   * decides). Kept out of the transition table, where `canceled` must stay a settled status.
   */
  uncancel(now: string): void {
    const s = this.s;
    if (s.status !== 'canceled' || s.scheduledAt === null || s.sentAt !== null) {
      throw new NotificationNotScheduledError(s.id, s.status, 'uncancel');
    }
    if (Date.parse(now) - Date.parse(s.updatedAt) > UNCANCEL_WINDOW_MS) {
      throw new NotificationUndoExpiredError(s.id, UNCANCEL_WINDOW_MS / 60_000);
    }
    s.status = 'scheduled';
    s.dueAt = s.scheduledAt > now ? s.scheduledAt : now;
    s.updatedAt = now;
    this.record(rescheduledEvent(s, now));
  }

  /** Edits content, channels and/or the send instant while still scheduled; a new instant moves `dueAt`. */
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
    if (changes.channels !== undefined) {
      this.s.channels = changes.channels;
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
   * Held by the recipient's profile: still `scheduled`, now due at `until`, and it remembers the
   * instant it was first meant for (`deferredFrom`, kept across several deferrals).
   */
  defer(until: string, now: string, reason: DeferReason): void {
    this.apply('defer');
    this.s.deferredFrom ??= this.s.scheduledAt ?? this.s.createdAt;
    this.s.scheduledAt = until;
    this.s.dueAt = until;
    this.s.updatedAt = now;
    this.record(deferredEvent(this.s, reason, now));
  }

  /**
   * Went out inside the recipient's digest `digestId` (one message listing it with others):
   * `sent`, linked to the digest's inbox row (`inboxId`, null when the digest has no inbox).
   */
  sentInDigest(now: string, digestId: string, inboxId: string | null): void {
    this.apply('send');
    this.s.digestId = digestId;
    this.s.sentAt = now;
    this.s.inboxId = inboxId;
    this.settle(now);
    this.record(sentEvent(this.s, inboxId === null ? 'digest' : 'inbox', now));
  }

  /** Gave up: terminal `failed` with the reason kept in `lastError`. */
  markFailed(now: string, error: string): void {
    this.apply('fail');
    this.s.lastError = error;
    this.settle(now);
    this.record(failedEvent(this.s, now));
  }

  /** Delivered over `channel`: the inbox row `inboxId` exists, or an external channel accepted it. */
  private markSent(now: string, channel: Channel, inboxId: string | null): void {
    this.apply('send');
    if (inboxId !== null) {
      this.s.attempts += 1;
    }
    this.s.sentAt = now;
    this.s.inboxId = inboxId;
    this.settle(now);
    this.record(sentEvent(this.s, channel, now));
  }

  /** Leaves the dispatcher's view. */
  private settle(now: string): void {
    this.s.dueAt = null;
    this.s.updatedAt = now;
  }

  /** Moves to the status the transition table gives `verb`, or throws its typed refusal. */
  private apply(verb: DeliveryVerb): void {
    this.s.status = nextStatus(verb, this.s.id, this.s.status);
  }
}
