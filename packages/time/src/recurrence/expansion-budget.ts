import { DomainError } from '@tickler/core/domain';

/**
 * What one expansion of a series (create's check, a preview, a firing, the missed-walk) may
 * cost. A step is one period, one calendar day or one instant looked at (an instant of a day
 * near a clock change costs {@link EXPANSION_LIMITS.nearChangeSteps}). A walk along days with one
 * UTC offset costs a few µs a step on this 2-core machine (docs/time.md, "Cost"); what a person
 * asks for takes far fewer steps than the bound — a preview of 100, COUNT's 1,000 counted —
 * and only a rule that fires once in decades or never again runs out.
 */
export const EXPANSION_LIMITS = {
  /** Steps one call may take. */
  steps: 5_000,
  /** Steps an instant costs on a day near an offset change (read from ICU, not computed). */
  nearChangeSteps: 8,
  /** Wall-clock ms one call may take when the caller gives a stopwatch (requests do). */
  ms: 20,
  /** Steps between two looks at the stopwatch. */
  checkEvery: 256,
} as const;

/** A monotonic ms clock (`performance.now`) the caller lends; the domain reads no clock itself. */
export type Stopwatch = () => number;

/**
 * The expansion of a rule ran out of its budget ({@link EXPANSION_LIMITS}): the rule picks too
 * many or too few instants to be worked out in time. Names the rule's field; HTTP 422.
 */
export class RecurrenceTooCostlyError extends DomainError {
  readonly code = 'NOTIFICATIONS.RULE_TOO_COSTLY';

  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(
      `${field}: working out this rule's occurrences ${reason}; use a rule that picks fewer times per period, or one that fires more often than once in decades`,
      { field },
    );
  }
}

/** The budget of ONE expansion call: counts steps, and looks at the stopwatch now and then. */
export class ExpansionBudget {
  private steps = 0;
  private nextLook: number = EXPANSION_LIMITS.checkEvery;
  private readonly startedMs: number | undefined;

  constructor(
    private readonly field: string,
    private readonly stopwatch: Stopwatch | undefined,
    private readonly maxSteps: number = EXPANSION_LIMITS.steps,
    private readonly maxMs: number = EXPANSION_LIMITS.ms,
  ) {
    this.startedMs = stopwatch?.();
  }

  /** Charges `n` steps; throws {@link RecurrenceTooCostlyError} past the budget. */
  spend(n = 1): void {
    this.steps += n;
    if (this.steps > this.maxSteps) {
      throw new RecurrenceTooCostlyError(this.field, `takes more than ${this.maxSteps} steps`);
    }
    if (this.steps >= this.nextLook) {
      this.nextLook = this.steps + EXPANSION_LIMITS.checkEvery;
      if (this.stopwatch !== undefined && this.startedMs !== undefined) {
        const spent = this.stopwatch() - this.startedMs;
        if (spent > this.maxMs) {
          throw new RecurrenceTooCostlyError(this.field, `takes longer than ${this.maxMs} ms`);
        }
      }
    }
  }

  /** Steps charged so far (tests assert the bound). */
  get spent(): number {
    return this.steps;
  }
}
