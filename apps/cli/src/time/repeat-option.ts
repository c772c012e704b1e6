import { DomainError, InvalidArgumentError, isTimeZone } from '@tickler/core/domain';
import { RecurrenceRule, ruleFromPhrase } from '@tickler/time';
import { CliError } from '../cli.error';
import { localZone } from './format-instant';

/** What `remind` sends as `repeat`: an RRULE of the supported subset and the local IANA zone. */
export interface RepeatBody {
  rule: string;
  timeZone: string;
}

/**
 * `--every "weekday 09:00"` (a phrase: docs/time.md lists them) or `--rrule FREQ=…` (RRULE
 * text, checked by the daemon, 400 naming `repeat.rule`), in this process's zone (the profile's
 * once adopted; UTC when the runtime has no IANA name for it). "every 2 hours" counts from the
 * local hour of `from` (the reminder's first instant, else now). Neither: undefined; both: a
 * usage error.
 */
export function repeatOf(
  options: { every?: string; rrule?: string },
  from: Date = new Date(),
): RepeatBody | undefined {
  if (options.every !== undefined && options.rrule !== undefined) {
    throw new CliError('give --every or --rrule, not both', 2);
  }
  const zone = localZone();
  const timeZone = isTimeZone(zone) ? zone : 'UTC';
  if (options.rrule !== undefined) {
    return { rule: options.rrule, timeZone };
  }
  if (options.every === undefined) {
    return undefined;
  }
  try {
    return { rule: ruleFromPhrase(options.every, '--every', from.getHours()), timeZone };
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      throw new CliError(error.message, 2);
    }
    throw error;
  }
}

/**
 * The rule's first occurrence at or after `now` (what `remind --every` without `--at` starts
 * at), so an edit to "weekday 09:00" next fires at the next weekday 09:00 rather than at the
 * row's old time. Undefined when the rule does not parse here: the daemon then names the part
 * of `repeat.rule` it refuses.
 */
export function firstOccurrenceFrom(repeat: RepeatBody, now: Date): Date | undefined {
  try {
    return new Date(
      RecurrenceRule.startingAt({
        rule: repeat.rule,
        timeZone: repeat.timeZone,
        from: now.toISOString(),
      }).start,
    );
  } catch (error) {
    // A bad rule, or one too costly to work out (RecurrenceTooCostlyError): the daemon says which.
    if (error instanceof DomainError) {
      return undefined;
    }
    throw error;
  }
}
