import { toIsoUtc } from '@tickler/core/domain';
import { type NumberedOccurrence, type RecurrenceRule } from './recurrence-rule';

/** Most passed occurrences one advance lists one by one (the rest are only counted). */
export const MAX_MISSED_LISTED = 100;

/**
 * Occurrences walked one by one before jumping to the grace window. The whole walk shares one
 * expansion budget (`expansion-budget.ts`) and runs inside the settling transaction, so it is
 * short.
 */
const MAX_WALK = 20;

/** Why an occurrence that got no delivery row of its own was settled `missed`. */
export type PassedReason =
  /** It passed more than the grace window ago (downtime, or occurrence N settled late). */
  | 'too-late'
  /** Within the grace window, but a later one also is: only the latest goes out (no burst). */
  | 'superseded';

/** What settling occurrence N does next. */
export interface AdvancePlan {
  /** Occurrences after N that already passed and will not go out (at most {@link MAX_MISSED_LISTED}). */
  readonly missed: readonly {
    readonly occurrence: NumberedOccurrence;
    readonly reason: PassedReason;
  }[];
  /**
   * Passed occurrences not listed in {@link missed}: counted for a series with COUNT (it must
   * count to end on time); null when a series without COUNT jumped over them uncounted (its
   * occurrence numbers then go on from the last one counted).
   */
  readonly unlisted: number | null;
  /** The occurrence to schedule now: a future one, or the latest passed one within grace; null = ended. */
  readonly next: NumberedOccurrence | null;
}

/**
 * SCH-04, a missed run is a decision: after occurrence `current` settles at `now`, which
 * occurrence is scheduled next and which are recorded `missed` — never a backlog burst.
 *
 * - The next occurrence in the future is scheduled; everything before it that passed more than
 *   `graceMs` ago is `missed` (`too-late`).
 * - Passed occurrences within the grace window would still go out as a late one-off does; only
 *   the LATEST of them is scheduled (it fires at once), the earlier ones are `superseded`.
 * - The walk is bounded: after {@link MAX_WALK} passed occurrences it jumps to the grace window,
 *   counting what it jumped over.
 */
export function planAdvance(
  rule: RecurrenceRule,
  current: { readonly instant: string; readonly number: number },
  now: string,
  graceMs: number,
): AdvancePlan {
  const nowMs = Date.parse(now);
  const graceStartMs = nowMs - Math.max(0, graceMs);
  const missed: { occurrence: NumberedOccurrence; reason: PassedReason }[] = [];
  let unlisted: number | null = 0;
  const note = (occurrence: NumberedOccurrence, reason: PassedReason): void => {
    if (missed.length < MAX_MISSED_LISTED) {
      missed.push({ occurrence, reason });
    } else if (unlisted !== null) {
      unlisted++;
    }
  };
  let goOut: NumberedOccurrence | null = null;
  let steps = 0;
  // One budget for the whole walk: every step of it is part of one decision.
  const budget = rule.expansionBudget();
  let next = rule.following(current, current.instant, budget);
  while (next !== null && Date.parse(next.instant) <= nowMs) {
    const at = Date.parse(next.instant);
    if (at >= graceStartMs) {
      if (goOut !== null) {
        note(goOut, 'superseded');
      }
      goOut = next;
    } else {
      note(next, 'too-late');
    }
    const prev: NumberedOccurrence = next;
    steps++;
    if (steps >= MAX_WALK && at < graceStartMs) {
      // Long downtime: skip to the grace window without listing what lies between. A series
      // with COUNT counts it (at most 1000 occurrences in all); one without jumps uncounted.
      const jumpAfter = toIsoUtc(new Date(graceStartMs - 1));
      if (rule.parts.count !== undefined) {
        next = rule.following(prev, jumpAfter, budget);
        unlisted = unlisted === null || next === null ? unlisted : unlisted + next.skipped;
      } else {
        const found = rule.next(jumpAfter, budget);
        next = found === null ? null : { ...found, number: prev.number + 1, skipped: 0 };
        unlisted = null;
      }
      steps = 0;
      continue;
    }
    next = rule.following(prev, prev.instant, budget);
  }
  return { missed, unlisted, next: goOut ?? next };
}
