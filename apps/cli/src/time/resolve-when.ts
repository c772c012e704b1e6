import { InvalidArgumentError, isTimeZone, parseDuration, toIsoUtc } from '@tickler/core/domain';
import { resolveWhen as resolveWhenText } from '@tickler/notifications/time';
import { CliError } from '../cli.error';
import { localZone } from './format-instant';

/** The local zone when the runtime knows it by an IANA name, else UTC. */
function readingZone(): string {
  const zone = localZone();
  return isTimeZone(zone) ? zone : 'UTC';
}

/** Runs a parse, turning its one-line `InvalidArgumentError` into a usage error (exit 2). */
function asUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      throw new CliError(error.message, 2);
    }
    throw error;
  }
}

/**
 * `--at` text to an instant, by the same rule the daemon applies to `when`
 * (`resolveWhen` in `@tickler/notifications`): natural language in the local time zone
 * ("tomorrow 9am", "friday 18:00"; "tomorrow" alone is 09:00), a duration ("90m"), or ISO
 * 8601; always forward; text only partly understood is refused rather than guessed.
 */
export function resolveAt(text: string, now: Date): Date {
  const resolved = asUsage(() =>
    resolveWhenText(text, { timeZone: readingZone(), now: toIsoUtc(now), field: '--at' }),
  );
  return new Date(resolved.instant);
}

/** `--in` duration with its unit (`90s`, `15m`, `1h30m`, `1.5h`, `2d`, `PT2H`) from now. */
export function resolveIn(text: string, now: Date): Date {
  return new Date(now.getTime() + asUsage(() => parseDuration(text.trim(), '--in')));
}

/** Exactly one of `--at` / `--in`, or neither when `optional`. */
export function resolveWhen(
  options: { at?: string; in?: string },
  now: Date,
  optional: boolean,
): Date | undefined {
  if (options.at !== undefined && options.in !== undefined) {
    throw new CliError('give --at or --in, not both', 2);
  }
  if (options.at !== undefined) {
    return resolveAt(options.at, now);
  }
  if (options.in !== undefined) {
    return resolveIn(options.in, now);
  }
  if (!optional) {
    throw new CliError(
      'say when: --at <when> (e.g. "tomorrow 9am") or --in <duration> (e.g. 15m)',
      2,
    );
  }
  return undefined;
}
