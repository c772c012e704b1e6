import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationNotRecurringError } from '../../../shared/domain/series.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { loadOwnedDelivery } from '../../../delivery/application/ports/load-owned-delivery';
import { type NotificationDeliveryRepository } from '../../../delivery/application/ports/notification-delivery.repository';
import { type SeriesRepository } from '../ports/series.repository';
import { requestStopwatch } from '../request-stopwatch';
import { ruleOf } from '../series-scheduler';
import { toRepeatView } from '../series.view';
import { ListOccurrences, type OccurrencesView } from './list-occurrences.command';

/** Handles {@link ListOccurrences}: two indexed reads and the rule's expansion; writes nothing. */
@injectable()
export class ListOccurrencesHandler implements CommandHandler<ListOccurrences> {
  static readonly handles = ListOccurrences;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(SERIES_TOKENS.SeriesRepository) private readonly series: SeriesRepository,
  ) {}

  async execute(command: ListOccurrences): Promise<OccurrencesView> {
    const scope = { db: this.database.kysely };
    const count = command.count ?? 10;
    await loadOwnedDelivery(this.deliveries, scope, command.recipientId, command.id);
    const series = await this.series.findByDelivery(scope, command.id);
    if (series === undefined) {
      throw new NotificationNotRecurringError(command.id);
    }
    const recorded = await this.series.latestOccurrences(scope, series.id, count);
    const upcoming =
      series.status === 'active'
        ? ruleOf(series, { stopwatch: requestStopwatch }).occurrences(
            series.currentInstant,
            count,
            { instant: series.currentInstant, number: series.currentNumber },
          )
        : [];
    return {
      repeat: toRepeatView(series),
      recorded: recorded.map((o) => ({
        number: o.number,
        instant: o.instant,
        outcome: o.outcome,
        reason: o.reason,
        notificationId: o.deliveryId,
        recordedAt: o.recordedAt,
      })),
      upcoming: upcoming.map((o) => ({
        instant: o.instant,
        local: o.local,
        offset: o.offset,
        gapShiftMinutes: o.gapShiftMinutes,
        repeated: o.repeated,
      })),
    };
  }
}
