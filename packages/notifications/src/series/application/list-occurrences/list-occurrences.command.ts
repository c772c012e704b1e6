import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Command } from '@tickler/core';
import { type OccurrenceOutcome } from '../ports/series.repository';
import { type RepeatView } from '../series.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/** Most occurrences one call previews or lists. */
export const MAX_OCCURRENCES_PER_CALL = 100;

/** An occurrence the ledger recorded. */
export interface RecordedOccurrenceView {
  number: number;
  /** The instant it was for (ISO UTC). */
  instant: string;
  outcome: OccurrenceOutcome;
  /** Why it was missed, failed or canceled (`too-late`, `superseded`, `requested`, …). */
  reason: string | null;
  /** Its notification row; null for one that passed while nothing could be scheduled. */
  notificationId: string | null;
  recordedAt: string;
}

/** An occurrence to come, in UTC and in the series' zone. */
export interface UpcomingOccurrenceView {
  /** ISO UTC. */
  instant: string;
  /** Wall-clock time in the zone, `YYYY-MM-DDTHH:MM:SS`. */
  local: string;
  /** UTC offset there and then, e.g. `+01:00`. */
  offset: string;
  /** Minutes it moved forward out of a DST gap (0 when the time exists). */
  gapShiftMinutes: number;
  /** The wall-clock time happens twice that day (it fires at the first). */
  repeated: boolean;
}

/** A series: what it is, what became of its occurrences, and what comes next. */
export interface OccurrencesView {
  repeat: RepeatView;
  /** The latest `count` recorded occurrences, oldest first (the scheduled one last). */
  recorded: RecordedOccurrenceView[];
  /** The next `count` occurrences from the one scheduled now (empty once ended or canceled). */
  upcoming: UpcomingOccurrenceView[];
}

/**
 * The occurrences of the series a notification belongs to (any of its rows' ids): the ledger
 * and a preview of the next `count` instants — which makes the DST rules checkable.
 * `NOTIFICATIONS.NOT_RECURRING` (409) for a one-off notification.
 */
export class ListOccurrences extends Command<OccurrencesView> {
  static readonly type = 'notifications.list-occurrences';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
  /** How many to preview and list, 1–100. Default 10. */
  @IsOptional() @IsInt() @Min(1) @Max(MAX_OCCURRENCES_PER_CALL) count?: number;
}
