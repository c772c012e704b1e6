import { InvalidArgumentError, isTimeZone } from '@tickler/core/domain';
import { ruleFromPhrase } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { localZone } from './format-instant';

/** What `remind` sends as `repeat`: an RRULE of the supported subset and the local IANA zone. */
export interface RepeatBody {
  rule: string;
  timeZone: string;
}

/**
 * `--every "weekday 09:00"` (a phrase: docs/time.md lists them) or `--rrule FREQ=…` (RRULE
 * text, checked by the daemon, 400 naming `repeat.rule`), in this machine's zone (UTC when the
 * runtime has no IANA name for it). Neither: undefined; both: a usage error.
 */
export function repeatOf(options: { every?: string; rrule?: string }): RepeatBody | undefined {
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
    return { rule: ruleFromPhrase(options.every, '--every'), timeZone };
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      throw new CliError(error.message, 2);
    }
    throw error;
  }
}
