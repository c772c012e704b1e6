import { InvalidArgumentError } from '@tickler/core/domain';
import { RecurrenceRule } from '@tickler/time';
import { type RecipientTimeZone } from './ports/recipient-time-zone.port';
import { type RepeatRequest } from '../../delivery/application/ports/recurring-series.port';
import { type Scope } from '../../shared/application/ports/scope';
import { requestStopwatch } from './request-stopwatch';

export { type RepeatRequest };

/**
 * The series a `repeat` asks for: its rule validated (400 naming `repeat.rule` and the bad
 * part, `repeat.timeZone`), its zone the given one or the recipient's, its occurrence 1 the
 * start asked for — whose wall-clock time in the zone is the series' time of day unless
 * BYHOUR/BYMINUTE say otherwise — or, without one, the first instant at or after `now` the
 * rule picks.
 */
export async function seriesRuleOf(
  scope: Scope,
  request: RepeatRequest,
  now: string,
  zones: RecipientTimeZone,
): Promise<RecurrenceRule> {
  if (request.refused.length > 0) {
    // Event windows and lead rules belong to one event; a series has many.
    throw new InvalidArgumentError(
      'repeat',
      `a recurring notification takes no ${request.refused.join(', ')}`,
    );
  }
  const timeZone = request.repeat.timeZone ?? (await zones.timeZoneOf(scope, request.recipientId));
  const options = { stopwatch: requestStopwatch };
  return request.start === null
    ? RecurrenceRule.startingAt({ rule: request.repeat.rule, timeZone, from: now }, options)
    : RecurrenceRule.create({ rule: request.repeat.rule, timeZone, start: request.start }, options);
}
