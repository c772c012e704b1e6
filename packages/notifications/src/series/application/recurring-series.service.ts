import { type Transaction } from '@tickler/core';
import { type RecurrenceRule } from '@tickler/time';
import { inject, injectable } from 'inversify';
import { type NotificationDelivery } from '../../delivery/domain/notification-delivery.entity';
import { SERIES_TOKENS } from '../../shared/series.tokens';
import { type RepeatView } from '../../shared/application/notification.view';
import {
  type DeliverySeries,
  type RecurringSeries,
  type RepeatRequest,
  type SeriesEdit,
} from '../../delivery/application/ports/recurring-series.port';
import { type Scope } from '../../shared/application/ports/scope';
import { type SeriesRecord, type SeriesRepository } from './ports/series.repository';
import { type RepeatInput } from '../../shared/application/repeat.input';
import { SeriesEdits } from './series-edits';
import { SeriesStarter } from './series-starter';
import { toRepeatView } from './series.view';

/** Delivery's port onto recurring series (`RecurringSeries`), over the starter and the edits. */
@injectable()
export class RecurringSeriesService implements RecurringSeries {
  constructor(
    @inject(SeriesStarter) private readonly starter: SeriesStarter,
    @inject(SeriesEdits) private readonly edits: SeriesEdits,
    @inject(SERIES_TOKENS.SeriesRepository) private readonly series: SeriesRepository,
  ) {}

  zoneOf(tx: Transaction, recipientId: string): Promise<string> {
    return this.starter.zoneOf(tx, recipientId);
  }

  ruleFor(tx: Transaction, request: RepeatRequest, now: string): Promise<RecurrenceRule> {
    return this.starter.ruleFor(tx, request, now);
  }

  async start(
    tx: Transaction,
    first: NotificationDelivery,
    rule: RecurrenceRule,
    now: string,
  ): Promise<DeliverySeries> {
    return this.handleOf(await this.starter.start(tx, first, rule, now));
  }

  async startOn(
    tx: Transaction,
    row: NotificationDelivery,
    repeat: RepeatInput,
    now: string,
  ): Promise<DeliverySeries> {
    return this.handleOf(await this.edits.startOn(tx, row, repeat, now));
  }

  async seriesOf(tx: Transaction, deliveryId: string): Promise<DeliverySeries | undefined> {
    const series = await this.edits.seriesOf(tx, deliveryId);
    return series === undefined ? undefined : this.handleOf(series);
  }

  async viewOf(scope: Scope, deliveryId: string): Promise<RepeatView | undefined> {
    const series = await this.series.findByDelivery(scope, deliveryId);
    return series === undefined ? undefined : toRepeatView(series);
  }

  async viewsOf(scope: Scope, deliveryIds: readonly string[]): Promise<Map<string, RepeatView>> {
    const views = new Map<string, RepeatView>();
    for (const [id, series] of await this.series.seriesOfDeliveries(scope, deliveryIds)) {
      views.set(id, toRepeatView(series));
    }
    return views;
  }

  private handleOf(series: SeriesRecord): DeliverySeries {
    const edits = this.edits;
    return {
      view: () => toRepeatView(series),
      cancel: (tx, named, now) => edits.cancel(tx, series, named, now),
      edit: (tx, named, edit: SeriesEdit, now) => edits.edit(tx, series, named, edit, now),
    };
  }
}
