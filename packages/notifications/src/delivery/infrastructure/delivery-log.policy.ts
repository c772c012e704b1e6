import {
  type Clock,
  CORE_TOKENS,
  type DomainEvent,
  toIsoUtc,
  type Transaction,
  type TransactionPolicy,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { writeDeliveryLog } from './delivery-log-rows';

/**
 * Writes the delivery log in the transaction that sends (issue 28): each `notifications.sent`
 * event of a unit of work becomes its `notification_delivery_log` row before that commit, so
 * the row exists exactly when the delivery is sent — also across a kill at any instant — with
 * no event rows, queue row or second transaction per batch. As a durable projector the log cost
 * a drain about 19 µs of its 64 µs per delivery on SQLite (drain-probe, docs/benchmarks.md).
 * Whichever path sends (the dispatcher, an immediate send, send-now, the send loop) records the
 * event in its unit of work, so none can skip the log.
 */
@injectable()
export class DeliveryLogPolicy implements TransactionPolicy {
  constructor(@inject(CORE_TOKENS.Clock) private readonly clock: Clock) {}

  beforeCommit(tx: Transaction, events: readonly DomainEvent[]): Promise<void> {
    return writeDeliveryLog(tx, events, toIsoUtc(this.clock.now()));
  }
}
