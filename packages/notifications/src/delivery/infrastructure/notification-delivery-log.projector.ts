import {
  type Clock,
  CORE_TOKENS,
  type DomainEvent,
  type EventSubscriber,
  toIsoUtc,
  type Transaction,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { writeDeliveryLog } from './delivery-log-rows';

/**
 * The delivery log's durable projector of earlier releases, kept to finish their work: it
 * subscribes to nothing new (the log is written in the sending transaction since, by
 * `DeliveryLogPolicy`), but `core.deliver-events` rows an earlier release queued under its name
 * before an upgrade still run here, exactly once, instead of failing as an unknown subscriber
 * and losing their log rows.
 */
@injectable()
export class NotificationDeliveryLogProjector implements EventSubscriber {
  static readonly subscriberName = 'notifications.delivery-log';
  static readonly subscribesTo: readonly string[] = [];

  constructor(@inject(CORE_TOKENS.Clock) private readonly clock: Clock) {}

  handle(event: DomainEvent, tx: Transaction): Promise<void> {
    return this.handleMany([event], tx);
  }

  /** A queue row's events at once, in the transaction that takes their rows. */
  handleMany(events: readonly DomainEvent[], tx: Transaction): Promise<void> {
    return writeDeliveryLog(tx, events, toIsoUtc(this.clock.now()));
  }
}
