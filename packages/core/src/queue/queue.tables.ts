import { type Insertable, type Selectable, type Updateable } from 'kysely';

/** Life of a queue row. Completed one-shot rows are deleted; failures stay as `failed`. */
export type QueueRowStatus = 'pending' | 'running' | 'failed';

/** `shared_scheduled_commands`: one row per future command (or per repeatable job). */
export interface ScheduledCommandsTable {
  /** UUIDv7. */
  id: string;
  /** The command's stable `type`, routed through the command bus. */
  command_type: string;
  /** The command's plain data as JSON text. */
  payload: string;
  /** Idempotency key: at most one `pending` row per key. */
  key: string | null;
  status: QueueRowStatus;
  /**
   * The next instant the queue must look at this row (ISO UTC text): its due time while
   * `pending`, its lease expiry while `running`. One index on it serves both "what is due"
   * and "whose lease has expired", so the idle sweep is a single statement.
   */
  run_at: string;
  /** The instant this run was meant for (lateness, the repeat grid). ISO UTC text. */
  scheduled_for: string;
  /** Claims of the current run so far (a claim counts even if its process died). */
  attempts: number;
  /** Claims allowed before the run is `failed` (one-shot) or skipped to the next occurrence. */
  max_attempts: number;
  /** First retry delay in ms; doubles per attempt. */
  backoff_base_ms: number;
  /** Cap of the retry delay in ms. */
  backoff_max_ms: number;
  /** Fencing token of the current claim; settling requires it. */
  lease_token: string | null;
  /**
   * Instance holding the claim while `running` (ADR 0004): once it no longer holds its lock the
   * claim is recoverable at once, not at lease expiry. Null when not running (or claimed by a
   * version before instance locks: lease only).
   */
  claimed_by: string | null;
  /** Message of the last failure, kept when the row is `failed`. */
  last_error: string | null;
  /** Fixed cadence of a repeatable row, in ms. */
  repeat_every_ms: number | null;
  /** Cron pattern of a repeatable row (croner syntax). */
  repeat_cron: string | null;
  /** IANA zone the cron pattern is read in (null = UTC). */
  repeat_tz: string | null;
  /** A repeatable's missed-run decision: `skip`, or null for `run-once` (see `OnMissed`). */
  repeat_on_missed: 'run-once' | 'skip' | null;
  /** How late a repeatable's run may start and be on time, in ms (null = the default, 1 min). */
  repeat_grace_ms: number | null;
  /** Completed runs of a repeatable row. */
  runs: number;
  /** Occurrences skipped after downtime: collapsed into one run, or skipped as too late. */
  skipped_runs: number;
  /** Runs of a repeatable that exhausted their attempts and were skipped. */
  failed_runs: number;
  /** When the last run finished. ISO UTC text. */
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The kernel's tables, as kysely sees them (the queue, the event rows and the processed-events ledger). */
export interface CoreTables {
  shared_scheduled_commands: ScheduledCommandsTable;
  shared_event_rows: EventRowsTable;
  shared_processed_events: ProcessedEventsTable;
  shared_job_occurrences: JobOccurrencesTable;
}

/**
 * `shared_job_occurrences`: what became of each occurrence of a repeatable job, written in the
 * transaction that settles its run; the last `JOB_LEDGER_KEEP` per job are kept.
 */
export interface JobOccurrencesTable {
  /** The job's queue key (`job:<context>:<command>`), or its row id when it has no key. */
  job_key: string;
  /** The instant the occurrence was for. ISO UTC text. */
  instant: string;
  outcome: 'ran' | 'failed' | 'skipped';
  /** `late`, `collapsed`, `too-late`, or a failed run's error (cut short); null when on time. */
  reason: string | null;
  recorded_at: string;
}

/** Ledger that makes durable subscribers idempotent: one row per (subscriber, event). */
/**
 * `shared_event_rows`: one event a durable subscriber has still to handle, in the batch its
 * `core.deliver-events` queue row names (one batch per transaction and subscriber).
 */
export interface EventRowsTable {
  batch_id: string;
  /** The event's place in its batch: subscribers see a batch's events in recorded order. */
  seq: number;
  /** The `DomainEvent` as JSON text. */
  event: string;
}

export interface ProcessedEventsTable {
  subscriber: string;
  event_id: string;
  processed_at: string;
}

/** A queue row as read. */
export type ScheduledCommandRow = Selectable<ScheduledCommandsTable>;
/** A queue row as inserted. */
export type NewScheduledCommandRow = Insertable<ScheduledCommandsTable>;
/** The columns an UPDATE of a queue row may set. */
export type ScheduledCommandUpdate = Updateable<ScheduledCommandsTable>;
