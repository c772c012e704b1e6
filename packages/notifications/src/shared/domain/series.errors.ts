import { DomainError } from '@tickler/core/domain';

/** The notification is a one-off: it has no series, so no occurrences to list or scope to apply. */
export class NotificationNotRecurringError extends DomainError {
  readonly code = 'NOTIFICATIONS.NOT_RECURRING';

  constructor(readonly deliveryId: string) {
    super(`notification ${deliveryId} is not part of a recurring series`, { id: deliveryId });
  }
}
