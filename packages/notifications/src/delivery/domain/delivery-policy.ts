import { msOf } from '@tickler/core/domain';
import { type DuePolicy } from '../../shared/domain/due-policy';
import { type MissedReason } from '../../shared/domain/notification-status';

export { type DuePolicy };

/** Send a due delivery, or settle it as missed for a reason. */
export type DueDecision =
  { readonly kind: 'deliver' } | { readonly kind: 'skip'; readonly reason: MissedReason };

const DELIVER: DueDecision = { kind: 'deliver' };

/** The moment a delivery was meant for, and the event window it belongs to (all ISO UTC). */
export interface DueTiming {
  readonly scheduledAt: string | null;
  readonly createdAt: string;
  readonly eventAt: string | null;
  readonly expiresAt: string | null;
}

/**
 * Decides what to do with a due delivery at `now` (ISO UTC). The guards read the send instant
 * and the event window, never the dispatcher's bookkeeping (`due_at`), so a retry or a late
 * wake-up cannot change the verdict. Precedence: expired, event started, too late, dry run.
 *
 * The event guards apply only to deliveries meant for before their anchor: a reminder set
 * for the start itself (`lead:0`) or the expiry itself (`lead:0@expiry`) is not "too late"
 * merely because the dispatcher woke a few ms after the anchor; the grace window bounds it.
 */
export function decideDue(timing: DueTiming, now: string, policy: DuePolicy): DueDecision {
  const meantFor = timing.scheduledAt ?? timing.createdAt;
  if (timing.expiresAt !== null && now > timing.expiresAt && meantFor < timing.expiresAt) {
    return { kind: 'skip', reason: 'expired' };
  }
  if (timing.eventAt !== null && now > timing.eventAt && meantFor < timing.eventAt) {
    return { kind: 'skip', reason: 'event-started' };
  }
  if (msOf(now) - msOf(meantFor) > policy.graceMs) {
    return { kind: 'skip', reason: 'too-late' };
  }
  return policy.dryRun ? { kind: 'skip', reason: 'dry-run' } : DELIVER;
}
