import {
  type Clock,
  CORE_TOKENS,
  type DomainEvent,
  toIsoUtc,
  type Transaction,
  type TransactionPolicy,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationCanceled } from '../../delivery/domain/notification-canceled.event';
import { NotificationFailed } from '../../delivery/domain/notification-failed.event';
import { NotificationMissed } from '../../delivery/domain/notification-missed.event';
import { NotificationSentEvent } from '../../delivery/domain/notification-sent.event';
import { type SettledOccurrence, SeriesScheduler } from './series-scheduler';

/** The settling event of a delivery row as the series ledger records it; undefined for others. */
function settledBy(event: DomainEvent): SettledOccurrence | undefined {
  const deliveryId = event.aggregateId;
  switch (event.type) {
    case NotificationSentEvent.type:
      return { deliveryId, outcome: 'sent', reason: null };
    case NotificationMissed.type:
      return {
        deliveryId,
        outcome: 'missed',
        reason: (event as NotificationMissed).payload.reason,
      };
    case NotificationFailed.type:
      return {
        deliveryId,
        outcome: 'failed',
        reason: (event as NotificationFailed).payload.lastError || null,
      };
    case NotificationCanceled.type:
      return {
        deliveryId,
        outcome: 'canceled',
        reason: (event as NotificationCanceled).payload.reason,
      };
    default:
      return undefined;
  }
}

/**
 * Settling occurrence N schedules N+1 in the SAME transaction, whichever path settled it —
 * the dispatcher (sent by the inbox, missed, failed with no target), the send loop (an external
 * channel's outcome), send-now, a cancel of "this one". One policy instead of a call in each of
 * those places: a new settling path cannot forget the series. It returns at once for a
 * transaction with no settling event; otherwise it costs one indexed read per 500 rows settled.
 */
@injectable()
export class SeriesSettlePolicy implements TransactionPolicy {
  constructor(
    @inject(SeriesScheduler) private readonly scheduler: SeriesScheduler,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async beforeCommit(tx: Transaction, events: readonly DomainEvent[]): Promise<void> {
    const settled: SettledOccurrence[] = [];
    for (const event of events) {
      const s = settledBy(event);
      if (s !== undefined) {
        settled.push(s);
      }
    }
    if (settled.length > 0) {
      await this.scheduler.settled(tx, settled, toIsoUtc(this.clock.now()));
    }
  }
}
