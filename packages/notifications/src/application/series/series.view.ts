import { describeRecurrence } from '../../domain/recurrence';
import { type SeriesRecord, type SeriesStatus } from '../ports/series.repository';
import { ruleOf } from './series-scheduler';

/** The series a notification belongs to, as views show it (`repeat` on a notification). */
export interface RepeatView {
  seriesId: string;
  /** Canonical RRULE text. */
  rule: string;
  timeZone: string;
  /** In words, e.g. "every weekday at 09:00". */
  description: string;
  status: SeriesStatus;
  /** The row scheduled now; null once the series ended or was canceled. */
  currentId: string | null;
}

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
