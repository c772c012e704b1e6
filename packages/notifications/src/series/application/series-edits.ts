import { parseInstant, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type NotificationDelivery } from '../../delivery/domain/notification-delivery.entity';
import { NotificationNotScheduledError } from '../../shared/domain/notification.errors';
import { RecurrenceRule } from '@tickler/time';
import { requestStopwatch } from './request-stopwatch';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { SERIES_TOKENS } from '../../shared/series.tokens';
import { type NotificationDeliveryRepository } from '../../delivery/application/ports/notification-delivery.repository';
import { type SeriesRecord, type SeriesRepository } from './ports/series.repository';
import { type SeriesEdit } from '../../delivery/application/ports/recurring-series.port';
import { type DeliveryWakeUp } from '../../shared/application/ports/wake-up.port';
import { type RepeatInput } from '../../shared/application/repeat.input';
import { SeriesStarter } from './series-starter';

export { type SeriesEdit };

/**
 * Cancel and edit with `scope: "series"`. A series' rows are edited through its one scheduled
 * row; the template (title, message, url, channels) is what later rows are made of.
 */
@injectable()
export class SeriesEdits {
  constructor(
    @inject(SERIES_TOKENS.SeriesRepository) private readonly series: SeriesRepository,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(SeriesStarter) private readonly starter: SeriesStarter,
  ) {}

  /**
   * `repeat` on an edit of a one-off scheduled row: the row (already edited) becomes occurrence
   * 1 of a new series. A row with an event window or a producer source cannot repeat.
   */
  async startOn(
    tx: Transaction,
    row: NotificationDelivery,
    repeat: RepeatInput,
    now: string,
  ): Promise<SeriesRecord> {
    const s = row.snapshot();
    if (s.status !== 'scheduled' || s.scheduledAt === null) {
      throw new NotificationNotScheduledError(s.id, s.status, 'make it recurring');
    }
    const refused = [
      ...(s.eventAt !== null ? ['eventAt'] : []),
      ...(s.expiresAt !== null ? ['expiresAt'] : []),
      ...(s.source !== null ? ['source'] : []),
    ];
    const rule = await this.starter.ruleFor(
      tx,
      { recipientId: s.recipientId, repeat, start: s.scheduledAt, refused },
      now,
    );
    return this.starter.start(tx, row, rule, now);
  }

  /** The recipient's zone (their profile's; UTC when none), for a `when` given without one. */
  zoneOf(tx: Transaction, recipientId: string): Promise<string> {
    return this.starter.zoneOf(tx, recipientId);
  }

  /** The series the row belongs to (locked on PostgreSQL), if any. */
  seriesOf(tx: Transaction, deliveryId: string): Promise<SeriesRecord | undefined> {
    return this.series.findByDelivery(tx, deliveryId);
  }

  /**
   * Cancels the series and its scheduled row (`named` when that is the one): nothing more is
   * scheduled, and the settle policy records the row `canceled` without advancing. Canceling
   * an ended or canceled series changes nothing.
   */
  async cancel(
    tx: Transaction,
    series: SeriesRecord,
    named: NotificationDelivery,
    now: string,
  ): Promise<void> {
    if (series.status !== 'active') {
      return;
    }
    const current = await this.current(tx, series, named);
    series.status = 'canceled';
    series.currentDeliveryId = null;
    series.updatedAt = now;
    await this.series.update(tx, series);
    if (current !== undefined) {
      const loaded = current.status;
      if (current.cancel(now)) {
        await this.deliveries.save(tx, current, { status: loaded });
        tx.recordEvents(current.pullEvents());
      }
    }
  }

  /**
   * Edits the series: its template, and its scheduled row with it. A new `repeat` (rule and/or
   * zone) or `scheduledAt` restarts the series: occurrence 1 is `scheduledAt` (default: the
   * scheduled row's instant) and COUNT counts again from it. Returns the edited row.
   */
  async edit(
    tx: Transaction,
    series: SeriesRecord,
    named: NotificationDelivery,
    edit: SeriesEdit,
    now: string,
  ): Promise<NotificationDelivery> {
    const current = await this.current(tx, series, named);
    if (series.status !== 'active' || current === undefined) {
      throw new NotificationNotScheduledError(named.id, named.status, 'edit the series');
    }
    const { title, message, url, channels } = edit.content;
    series.title = title ?? series.title;
    series.message = message ?? series.message;
    series.url = url !== undefined ? url : series.url;
    series.channels =
      channels === undefined ? series.channels : channels === null ? null : [...channels];
    let scheduledAt: string | undefined;
    if (edit.repeat !== undefined || edit.scheduledAt !== undefined) {
      const rule = RecurrenceRule.create(
        {
          rule: edit.repeat?.rule ?? series.rule,
          timeZone: edit.repeat?.timeZone ?? series.timeZone,
          start:
            edit.scheduledAt === undefined
              ? (current.snapshot().scheduledAt ?? series.currentInstant)
              : parseInstant(edit.scheduledAt, 'scheduledAt'),
        },
        { stopwatch: requestStopwatch },
      );
      series.rule = rule.rule;
      series.timeZone = rule.timeZone;
      series.startAt = rule.start;
      series.currentNumber = 1;
      series.currentInstant = rule.start;
      scheduledAt = rule.start;
      for (const { occurrence } of await this.series.openOccurrencesOf(tx, [current.id])) {
        await this.series.updateOccurrence(tx, {
          ...occurrence,
          number: 1,
          instant: rule.start,
          recordedAt: now,
        });
      }
    }
    series.updatedAt = now;
    await this.series.update(tx, series);
    const loaded = current.status;
    current.reschedule(
      { ...edit.content, ...(scheduledAt === undefined ? {} : { scheduledAt }) },
      now,
    );
    await this.deliveries.save(tx, current, { status: loaded });
    if (scheduledAt !== undefined && current.dueAt !== null) {
      await this.wakeUp.wakeAt(tx, current.dueAt);
    }
    tx.recordEvents(current.pullEvents());
    return current;
  }

  private async current(
    tx: Transaction,
    series: SeriesRecord,
    named: NotificationDelivery,
  ): Promise<NotificationDelivery | undefined> {
    const id = series.currentDeliveryId;
    if (id === null) {
      return undefined;
    }
    return id === named.id ? named : await this.deliveries.findById(tx, id, { forUpdate: true });
  }
}
