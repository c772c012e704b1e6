import { type Selectable } from 'kysely';

/** `notification_series`: one recurring series (rule, zone, template, its current occurrence). */
export interface NotificationSeriesTable {
  /** The id of its first delivery row. */
  id: string;
  recipient_id: string;
  /** Canonical RRULE text of the supported subset. */
  rule: string;
  /** IANA zone the rule follows. */
  time_zone: string;
  /** Occurrence 1 (ISO UTC): the series' time of day in the zone. */
  start_at: string;
  status: 'active' | 'ended' | 'canceled';
  title: string;
  message: string;
  url: string | null;
  /** JSON array of channel kinds; null = the default set. */
  channels: string | null;
  /** Each occurrence's priority; null = `normal` (rows made before it was kept). */
  priority: string | null;
  /** Each occurrence's escalation (both set) or none (both null). */
  escalate_after_ms: number | null;
  escalate_channel: string | null;
  /** Each occurrence's fallback channel; null = none. */
  fallback_channel: string | null;
  /** Number and pattern instant of the occurrence scheduled now (or settled last, once ended). */
  current_number: number;
  current_instant: string;
  /** The delivery row scheduled for it; null once the series ended or was canceled. */
  current_delivery_id: string | null;
  created_at: string;
  updated_at: string;
}

/** `notification_series_occurrences`: the per-occurrence ledger. */
export interface NotificationSeriesOccurrencesTable {
  /** UUIDv7. */
  id: string;
  series_id: string;
  number: number;
  instant: string;
  /** Null for an occurrence that passed while nothing could be scheduled for it. */
  delivery_id: string | null;
  outcome: 'scheduled' | 'sent' | 'missed' | 'failed' | 'canceled';
  reason: string | null;
  recorded_at: string;
}

/** The series tables, as kysely sees them. */
export interface SeriesTables {
  notification_series: NotificationSeriesTable;
  notification_series_occurrences: NotificationSeriesOccurrencesTable;
}

/** A series row as read. */
export type SeriesRow = Selectable<NotificationSeriesTable>;
/** An occurrence row as read. */
export type OccurrenceRow = Selectable<NotificationSeriesOccurrencesTable>;
