import { type SeriesStatus } from '../../../shared/application/notification.view';
import { type Scope } from '../../../shared/application/ports/scope';
import { type EscalationRule, type FallbackRule } from '../../../shared/domain/escalation-rule';
import { type DeliveryPriority } from '../../../shared/domain/notification-status';

/** Where a series is: still scheduling, ran out (COUNT, UNTIL), or canceled by a person. */
export type { SeriesStatus };

/** What became of one occurrence (`scheduled` while its row waits). */
export type OccurrenceOutcome = 'scheduled' | 'sent' | 'missed' | 'failed' | 'canceled';

/** A recurring series: its rule, zone, template and the occurrence scheduled now. */
export interface SeriesRecord {
  /** The id of its first delivery row. */
  readonly id: string;
  readonly recipientId: string;
  /** Canonical RRULE text. */
  rule: string;
  timeZone: string;
  /** Occurrence 1 (ISO UTC). */
  startAt: string;
  status: SeriesStatus;
  title: string;
  message: string;
  url: string | null;
  channels: string[] | null;
  /** What each occurrence inherits besides its text: priority, escalation, fallback. */
  priority: DeliveryPriority;
  escalation: EscalationRule | null;
  fallback: FallbackRule | null;
  /** Number and pattern instant of the current occurrence (the last one, once ended). */
  currentNumber: number;
  currentInstant: string;
  /** Its delivery row; null once ended or canceled. */
  currentDeliveryId: string | null;
  readonly createdAt: string;
  updatedAt: string;
}

/** One occurrence of a series in its ledger. */
export interface OccurrenceRecord {
  readonly id: string;
  readonly seriesId: string;
  number: number;
  instant: string;
  /** Null for one that passed while nothing could be scheduled for it (downtime). */
  readonly deliveryId: string | null;
  outcome: OccurrenceOutcome;
  reason: string | null;
  recordedAt: string;
}

/** An occurrence still `scheduled`, with its series. */
export interface OpenOccurrence {
  readonly occurrence: OccurrenceRecord;
  readonly series: SeriesRecord;
}

/** Most ids one {@link SeriesRepository.openOccurrencesOf} call takes (callers chunk). */
export const OPEN_OCCURRENCES_CHUNK = 500;

/** Storage of series and their occurrence ledger. */
export interface SeriesRepository {
  insert(scope: Scope, series: SeriesRecord): Promise<void>;
  /** Writes every mutable field of `series`. */
  update(scope: Scope, series: SeriesRecord): Promise<void>;
  /** The series a delivery row belongs to (any of its occurrences), locked on PostgreSQL. */
  findByDelivery(scope: Scope, deliveryId: string): Promise<SeriesRecord | undefined>;
  /**
   * The series each of these delivery rows belongs to (at most {@link OPEN_OCCURRENCES_CHUNK}
   * ids), for reading: nothing is locked. Rows of no series are absent from the map.
   */
  seriesOfDeliveries(
    scope: Scope,
    deliveryIds: readonly string[],
  ): Promise<Map<string, SeriesRecord>>;
  /** The `scheduled` occurrences of these deliveries (at most {@link OPEN_OCCURRENCES_CHUNK}). */
  openOccurrencesOf(scope: Scope, deliveryIds: readonly string[]): Promise<OpenOccurrence[]>;
  /** Adds ledger rows. */
  record(scope: Scope, occurrences: readonly OccurrenceRecord[]): Promise<void>;
  /** Writes one ledger row's number, instant, outcome, reason and time. */
  updateOccurrence(scope: Scope, occurrence: OccurrenceRecord): Promise<void>;
  /** The latest `limit` ledger rows of a series, oldest first. */
  latestOccurrences(scope: Scope, seriesId: string, limit: number): Promise<OccurrenceRecord[]>;
}
