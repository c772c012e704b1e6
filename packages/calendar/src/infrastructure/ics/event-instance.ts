/** An alarm of an event (VALARM), reduced to when it rings. */
export type AlarmSpec =
  | {
      readonly kind: 'relative';
      /** What the trigger counts from (`RELATED=END` counts from the end). */
      readonly related: 'start' | 'end';
      /** Signed seconds: negative = before. */
      readonly seconds: number;
    }
  | { readonly kind: 'absolute'; readonly atMs: number };

/** One occurrence of an event, after recurrence, exceptions and overrides. */
export interface EventInstance {
  readonly uid: string;
  /**
   * The occurrence's identity within its series: '' for a single event, else the original
   * start (RECURRENCE-ID) — `YYYYMMDD` for all-day events, `YYYYMMDDTHHMMSSZ` otherwise — so a
   * moved occurrence keeps its identity.
   */
  readonly recurrenceId: string;
  readonly allDay: boolean;
  /** Start and end as instants (an all-day event: midnight in the calendar's zone). */
  readonly startMs: number;
  readonly endMs: number;
  readonly summary: string;
  readonly location: string;
  readonly url: string;
  /** The event's own alarms; empty when it has none (the calendar's defaults apply). */
  readonly alarms: readonly AlarmSpec[];
}

/** An event left out of the import, and why (shown on the source). */
export interface SkippedEvent {
  readonly uid: string;
  readonly reason: string;
}

/** An event that cannot be read: skipped with this reason, the others still import. */
export class EventSkipped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'EventSkipped';
  }
}

/** Iteration bounds of one import (recurrence steps, RDATE/EXDATE values). */
export class StepBudget {
  private total = 0;

  constructor(
    readonly perEvent: number,
    readonly perImport: number,
  ) {}

  /** Counts one step of an event that has taken `eventSteps` so far; throws past a bound. */
  step(eventSteps: number): void {
    this.total++;
    if (this.total > this.perImport) {
      throw new ImportBudgetExceeded(
        `reading the recurrences took more than ${this.perImport} steps in all`,
      );
    }
    if (eventSteps > this.perEvent) {
      throw new EventSkipped(
        `its recurrence needs more than ${this.perEvent} steps to reach the reminder window`,
      );
    }
  }
}

/** The whole import went over a bound: the source gets this error and keeps its reminders. */
export class ImportBudgetExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportBudgetExceeded';
  }
}

/** `YYYYMMDDTHHMMSSZ` of an instant (ms). */
export function compactUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** `YYYYMMDD` of wall-clock fields. */
export function compactDate(t: { year: number; month: number; day: number }): string {
  return `${String(t.year).padStart(4, '0')}${String(t.month).padStart(2, '0')}${String(t.day).padStart(2, '0')}`;
}
