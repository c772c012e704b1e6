import { DomainError } from '@tickler/core/domain';
import { type NotificationStatus } from './notification-status';

/**
 * No delivery with this id for this recipient. Also what another recipient's id looks like:
 * existence is not disclosed across recipients.
 */
export class NotificationNotFoundError extends DomainError {
  readonly code = 'NOTIFICATIONS.NOT_FOUND';

  constructor(
    readonly recipientId: string,
    readonly deliveryId: string,
  ) {
    super(`notification ${deliveryId} not found for recipient ${recipientId}`, {
      recipientId,
      id: deliveryId,
    });
  }
}

/** The delivery already went out; it can no longer be canceled, edited or sent again. */
export class NotificationAlreadySentError extends DomainError {
  readonly code = 'NOTIFICATIONS.ALREADY_SENT';

  constructor(
    readonly deliveryId: string,
    action: string,
  ) {
    super(`notification ${deliveryId} was already sent; cannot ${action}`, {
      id: deliveryId,
      action,
    });
  }
}

/**
 * Illegal transition: the verb needs a `scheduled` delivery and this one is in another state
 * (canceled, missed, failed, or a webhook request in flight).
 */
export class NotificationNotScheduledError extends DomainError {
  readonly code = 'NOTIFICATIONS.NOT_SCHEDULED';

  constructor(
    readonly deliveryId: string,
    readonly status: NotificationStatus,
    action: string,
  ) {
    super(`notification ${deliveryId} is ${status}; cannot ${action}`, {
      id: deliveryId,
      status,
      action,
    });
  }
}

/** An undo came after its window: the cancel of `deliveryId` is final. */
export class NotificationUndoExpiredError extends DomainError {
  readonly code = 'NOTIFICATIONS.UNDO_EXPIRED';

  constructor(
    readonly deliveryId: string,
    windowMinutes: number,
  ) {
    super(
      `notification ${deliveryId} was canceled more than ${windowMinutes} minutes ago; schedule it again instead`,
      { id: deliveryId, windowMinutes },
    );
  }
}

/**
 * A status-guarded write matched fewer rows than expected: another writer settled the row in
 * between. Retrying the command reads the new state.
 */
export class NotificationConcurrentUpdateError extends DomainError {
  readonly code = 'NOTIFICATIONS.CONCURRENT_UPDATE';

  constructor(expected: number, matched: number) {
    super(
      `expected to update ${expected} deliveries but matched ${matched}; another writer got there first`,
      { expected, matched },
    );
  }
}

/** No inbox item with this id for this recipient. */
export class InboxItemNotFoundError extends DomainError {
  readonly code = 'NOTIFICATIONS.INBOX_ITEM_NOT_FOUND';

  constructor(
    readonly recipientId: string,
    readonly inboxId: string,
  ) {
    super(`inbox item ${inboxId} not found for recipient ${recipientId}`, {
      recipientId,
      id: inboxId,
    });
  }
}

/** No subscription with this id for this recipient. */
export class SubscriptionNotFoundError extends DomainError {
  readonly code = 'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND';

  constructor(
    readonly recipientId: string,
    readonly subscriptionId: string,
  ) {
    super(`subscription ${subscriptionId} not found for recipient ${recipientId}`, {
      recipientId,
      id: subscriptionId,
    });
  }
}

/**
 * Another delivery for this recipient already carries this source (app, key, rule): the
 * producer's key is its idempotency key, and a second row would make reconcile ambiguous.
 */
export class NotificationSourceKeyTakenError extends DomainError {
  readonly code = 'NOTIFICATIONS.SOURCE_KEY_TAKEN';

  constructor(
    readonly recipientId: string,
    readonly existingId: string,
    source: { app: string; key: string; rule: string | null },
  ) {
    super(
      `recipient ${recipientId} already has delivery ${existingId} for source ${source.app}/${source.key}${source.rule ? ` (${source.rule})` : ''}`,
      {
        recipientId,
        id: existingId,
        sourceApp: source.app,
        sourceKey: source.key,
        rule: source.rule,
      },
    );
  }
}

/**
 * An idempotency key came back with a different request than its first use: answering the first
 * result would silently drop the new request, so it is refused.
 */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'IDEMPOTENCY.KEY_REUSED';

  constructor(
    readonly recipientId: string,
    readonly idempotencyKey: string,
    readonly deliveryId: string,
    field = 'idempotencyKey',
  ) {
    super(
      `${field}: the idempotency key was first used for notification ${deliveryId} with a different request; use a new key for a new request`,
      { id: deliveryId, field },
    );
  }
}

/**
 * An idempotency key came back after the notification it created was deleted. The key stays
 * bound to that notification for as long as it is kept: creating it again would undo the
 * delete for a retry that arrives late.
 */
export class IdempotencyKeyDeletedError extends DomainError {
  readonly code = 'IDEMPOTENCY.NOTIFICATION_DELETED';

  constructor(
    readonly recipientId: string,
    readonly idempotencyKey: string,
    field = 'idempotencyKey',
  ) {
    super(
      `${field}: the idempotency key created a notification that has since been deleted; it is not created again — use a new key for a new notification`,
      { field },
    );
  }
}

/** The recipient holds as many subscriptions of this kind as one person may (a setting). */
export class SubscriptionLimitReachedError extends DomainError {
  readonly code = 'NOTIFICATIONS.SUBSCRIPTION_LIMIT';

  constructor(
    readonly recipientId: string,
    readonly kind: string,
    readonly limit: number,
  ) {
    super(
      `${recipientId} already has ${limit} ${kind} subscriptions, the most one person may have; remove one first`,
      { recipientId, kind, limit, field: 'kind' },
    );
  }
}

/** Confirmation codes mailed for this person came too often; the next may go out at `retryAt`. */
export class ConfirmationRateLimitedError extends DomainError {
  readonly code = 'NOTIFICATIONS.CONFIRMATION_RATE_LIMITED';

  constructor(
    readonly recipientId: string,
    readonly retryAt: string,
  ) {
    super(
      `too many confirmation codes sent for ${recipientId}; the next can be sent from ${retryAt}`,
      { recipientId, retryAt },
    );
  }
}

/**
 * An action link (a Snooze or Done button on a phone) that was not made here, was altered or has
 * expired: answered 404 telling nothing more, as for an unknown feed token.
 */
export class ActionLinkNotFoundError extends DomainError {
  readonly code = 'NOTIFICATIONS.ACTION_LINK_NOT_FOUND';

  constructor() {
    super('this action link is not valid or has expired');
  }
}

/** No channel send with this id (the operator's retry). */
export class ChannelSendNotFoundError extends DomainError {
  readonly code = 'NOTIFICATIONS.SEND_NOT_FOUND';

  constructor(readonly sendId: string) {
    super(`channel send ${sendId} not found`, { id: sendId });
  }
}

/** No subscription with this id at all (the operator names one without its owner). */
export class UnknownSubscriptionError extends DomainError {
  readonly code = 'NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND';

  constructor(readonly subscriptionId: string) {
    super(`subscription ${subscriptionId} not found`, { id: subscriptionId });
  }
}

/** Only a failed send may be retried: a live one is still trying, a sent one arrived. */
export class ChannelSendNotFailedError extends DomainError {
  readonly code = 'NOTIFICATIONS.SEND_NOT_FAILED';

  constructor(
    readonly sendId: string,
    readonly status: string,
  ) {
    super(`channel send ${sendId} is ${status}, not failed: only a failed send is retried`, {
      id: sendId,
      status,
    });
  }
}
