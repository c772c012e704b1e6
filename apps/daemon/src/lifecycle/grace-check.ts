import { parseDuration } from '@tickler/core/domain';
import { SAFETY_SWEEP_EVERY } from '@tickler/notifications';

/**
 * Slack on top of the safety sweep's cadence: how late a sweep may start on a loaded machine or
 * a laptop waking up (seed 004 saw a 5-minute cron slip; our sweep is in-process, so less).
 */
export const SWEEP_SLACK_MS = 60_000;

/**
 * Seed 004's rule, `grace > drain cadence + scheduler slack`, checked at start: a reminder the
 * exact timer missed (a lost wake-up, a busy loop) waits for the next safety sweep, and one that
 * came due just after a sweep would be settled `missed` instead of sent if the grace window
 * were shorter than the sweep's cadence plus its slack. Answers the warning to log, or
 * undefined when the window is long enough. A warning, not a refusal: a short window is the
 * operator's choice (a demo, a test of downtime), made in the open.
 */
export function graceWarning(graceMs: number): string | undefined {
  const sweepMs = parseDuration(SAFETY_SWEEP_EVERY, 'sweep');
  const floorMs = sweepMs + SWEEP_SLACK_MS;
  if (graceMs > floorMs) {
    return undefined;
  }
  return (
    `TICKLER_GRACE (${graceMs} ms) is not longer than the safety sweep's cadence ` +
    `(${sweepMs} ms) plus its slack (${SWEEP_SLACK_MS} ms): a reminder that comes due while ` +
    `the daemon is busy may be settled missed instead of sent; give more than ${floorMs / 60_000}m`
  );
}
