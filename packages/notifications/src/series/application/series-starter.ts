import { type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type NotificationDelivery } from '../../delivery/domain/notification-delivery.entity';
import { type RecurrenceRule } from '@tickler/time';
import { SERIES_TOKENS } from '../../shared/series.tokens';
import { type RecipientTimeZone } from './ports/recipient-time-zone.port';
import { type SeriesRecord } from './ports/series.repository';
import { type RepeatRequest, seriesRuleOf } from './series-rule-of';
import { SeriesScheduler } from './series-scheduler';

/** What a create with `repeat` needs: the rule it asks for, and the series started on its row. */
@injectable()
export class SeriesStarter {
  constructor(
    @inject(SeriesScheduler) private readonly scheduler: SeriesScheduler,
    @inject(SERIES_TOKENS.RecipientTimeZone) private readonly zones: RecipientTimeZone,
  ) {}

  /** The validated rule and occurrence 1 (see {@link seriesRuleOf}). */
  ruleFor(tx: Transaction, request: RepeatRequest, now: string): Promise<RecurrenceRule> {
    return seriesRuleOf(tx, request, now, this.zones);
  }

  /** The recipient's zone (their profile's; UTC when none): what a request naming none is in. */
  zoneOf(tx: Transaction, recipientId: string): Promise<string> {
    return this.zones.timeZoneOf(tx, recipientId);
  }

  /** Starts the series on `first`, already inserted in `tx`. */
  start(
    tx: Transaction,
    first: NotificationDelivery,
    rule: RecurrenceRule,
    now: string,
  ): Promise<SeriesRecord> {
    return this.scheduler.start(tx, first, rule, now);
  }
}
