import { describeRecurrence } from '@tickler/time';
import { type RepeatView } from '../../shared/application/notification.view';
import { type SeriesRecord } from './ports/series.repository';
import { ruleOf } from './series-scheduler';

export { type RepeatView };

/** The {@link RepeatView} of a series. */
export function toRepeatView(series: SeriesRecord): RepeatView {
  return {
    seriesId: series.id,
    rule: series.rule,
    timeZone: series.timeZone,
    description: describeRecurrence(ruleOf(series)),
    status: series.status,
    currentId: series.currentDeliveryId,
  };
}
