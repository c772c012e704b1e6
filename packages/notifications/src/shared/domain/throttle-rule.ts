import { InvalidArgumentError, parseDuration } from '@tickler/core/domain';

/** At most `limit` external sends per person and channel in any `windowMs`. */
export interface ThrottleRule {
  readonly limit: number;
  /** The sliding window, in ms. */
  readonly windowMs: number;
}

/** The default throttle: 30 sends per person and channel per hour. */
export const DEFAULT_THROTTLE = '30/1h';

/** Largest `limit` a throttle may give. */
export const MAX_THROTTLE_LIMIT = 100_000;

/**
 * Reads a throttle text: `<limit>/<duration>` (`30/1h`, `5/10m`; a limit of 1 to 100,000, a
 * duration with its unit) or `off` (null: no throttling). Throws an `InvalidArgumentError`
 * naming `field`.
 */
export function parseThrottle(text: string, field: string): ThrottleRule | null {
  if (text.trim() === 'off') {
    return null;
  }
  const match = /^(\d{1,6})\/(\S{1,32})$/.exec(text.trim());
  const limit = Number(match?.[1]);
  if (!match?.[2] || !Number.isInteger(limit) || limit < 1 || limit > MAX_THROTTLE_LIMIT) {
    throw new InvalidArgumentError(
      field,
      `"${text.slice(0, 40)}" is not <sends>/<duration> (e.g. 30/1h; 1 to ${MAX_THROTTLE_LIMIT} sends) or off`,
    );
  }
  return { limit, windowMs: parseDuration(match[2], field) };
}
