import {
  InvalidArgumentError,
  msOf,
  parseDuration,
  parseInstant,
  toIsoUtc,
} from '@tickler/core/domain';

/** Longest snooze: a year (a longer one reads as a typo). */
const MAX_SNOOZE_MS = 366 * 86_400_000;

/**
 * When a snooze fires: `now + for`, or `until`. Exactly one must be given; `until` must be after
 * `now`; neither may be more than 366 days away. Errors name the field.
 */
export function snoozeInstant(
  input: { readonly for?: string; readonly until?: string },
  now: string,
): string {
  if ((input.for === undefined) === (input.until === undefined)) {
    throw new InvalidArgumentError(
      input.for === undefined ? 'for' : 'until',
      'give exactly one of for (a duration such as 10m) or until (an instant)',
    );
  }
  if (input.for !== undefined) {
    const ms = parseDuration(input.for, 'for');
    if (ms > MAX_SNOOZE_MS) {
      throw new InvalidArgumentError('for', 'at most 366d');
    }
    return toIsoUtc(msOf(now) + ms);
  }
  const at = parseInstant(input.until, 'until');
  if (at <= now) {
    throw new InvalidArgumentError('until', `must be after now (${now})`);
  }
  if (msOf(at) - msOf(now) > MAX_SNOOZE_MS) {
    throw new InvalidArgumentError('until', 'at most 366 days ahead');
  }
  return at;
}
