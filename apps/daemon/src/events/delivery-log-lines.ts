import { type DomainEvent, type EventBus, type Logger } from '@tickler/core';

/** A string field of an event's payload, if it has one. */
function field(event: DomainEvent, name: string): string | undefined {
  const value = event.payload[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * One info line per delivery (`delivered`) and per missed reminder (`missed`), so an operator
 * can follow what the daemon did from its log. Ids only: titles are a person's words and stay
 * out of logs unless `withContent` (`TICKLER_LOG_CONTENT=true`). Returns the unsubscribe.
 */
export function logDeliveries(events: EventBus, logger: Logger, withContent: boolean): () => void {
  const content = (event: DomainEvent) =>
    withContent && field(event, 'title') !== undefined ? { title: field(event, 'title') } : {};
  const offSent = events.subscribe('notifications.sent', (event) => {
    logger.info(
      {
        deliveryId: event.aggregateId,
        recipientId: field(event, 'recipientId'),
        channel: field(event, 'channel'),
        ...content(event),
      },
      'delivered',
    );
  });
  const offMissed = events.subscribe('notifications.missed', (event) => {
    logger.info(
      {
        deliveryId: event.aggregateId,
        recipientId: field(event, 'recipientId'),
        reason: field(event, 'reason'),
        ...content(event),
      },
      'missed',
    );
  });
  return () => {
    offSent();
    offMissed();
  };
}
