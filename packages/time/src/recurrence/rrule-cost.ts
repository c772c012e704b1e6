import { InvalidArgumentError } from '@tickler/core/domain';
import { type RRuleParts } from './rrule-parts';

/** Bounds on the work a rule's expansion can cost, checked when a rule is accepted. */
export const RRULE_COST_LIMITS = {
  /** Most times of day (BYHOUR × BYMINUTE): every 15 minutes around the clock. */
  timesPerDay: 96,
  /**
   * Most instants one period (a day, week, month or year of FREQ) can pick: days × times of
   * day. Bounds the work of expanding a period, whatever else the rule says.
   */
  perPeriod: 1000,
} as const;

/** Most days one period of `parts` can pick, from the BY-lists alone. */
function daysPerPeriod(parts: RRuleParts): number {
  const perMonth = (): number => {
    if (parts.byMonthDay.length > 0) {
      return Math.min(31, parts.byMonthDay.length);
    }
    if (parts.byDay.length > 0) {
      return Math.min(
        31,
        parts.byDay.reduce((n, d) => n + (d.ordinal === 0 ? 5 : 1), 0),
      );
    }
    return 1;
  };
  switch (parts.freq) {
    case 'DAILY':
      return 1;
    case 'WEEKLY':
      return Math.max(1, parts.byDay.length);
    case 'MONTHLY':
      return perMonth();
    case 'YEARLY': {
      if (parts.byMonth.length > 0 || parts.byMonthDay.length > 0) {
        return Math.min(366, (parts.byMonth.length || 12) * perMonth());
      }
      const weekdays = parts.byDay.reduce((n, d) => n + (d.ordinal === 0 ? 53 : 1), 0);
      return Math.min(366, Math.max(1, weekdays));
    }
  }
}

/**
 * The work a rule's expansion can cost, checked when a rule is accepted: at most
 * {@link RRULE_COST_LIMITS.timesPerDay} times of day and {@link RRULE_COST_LIMITS.perPeriod} instants per
 * period (the product of the BY-lists), so no single period is a flood of candidates.
 */
export function checkRuleCost(parts: RRuleParts, field: string): void {
  const times = Math.max(1, parts.byHour.length) * Math.max(1, parts.byMinute.length);
  if (times > RRULE_COST_LIMITS.timesPerDay) {
    throw new InvalidArgumentError(
      field,
      `BYHOUR × BYMINUTE picks ${times} times of day; at most ${RRULE_COST_LIMITS.timesPerDay} (every 15 minutes)`,
    );
  }
  const period = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[parts.freq];
  const perPeriod = daysPerPeriod(parts) * times;
  if (perPeriod > RRULE_COST_LIMITS.perPeriod) {
    throw new InvalidArgumentError(
      field,
      `picks up to ${perPeriod} instants per ${period} (the product of its BY-lists); at most ${RRULE_COST_LIMITS.perPeriod}`,
    );
  }
}
