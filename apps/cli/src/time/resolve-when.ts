import * as chrono from 'chrono-node';
import { parseDuration } from '@tickler/core/domain';
import { CliError } from '../cli.error';

/**
 * `--at` text to an instant: natural language in the local time zone ("tomorrow 9am",
 * "friday 18:00") or ISO 8601, always looking forward (a bare "9am" after 9am is tomorrow).
 * The whole text must be understood: "tomorrow at noon blah" is refused rather than guessed.
 */
export function resolveAt(text: string, now: Date): Date {
  const trimmed = text.trim();
  const results = chrono.parse(trimmed, now, { forwardDate: true });
  const [first] = results;
  if (!first) {
    throw new CliError(
      `--at: cannot understand "${trimmed}" as a time (try "tomorrow 9am", "friday 18:00" or 2026-12-01T09:00:00Z)`,
      2,
    );
  }
  if (results.length > 1 || first.index !== 0 || first.text.length !== trimmed.length) {
    throw new CliError(`--at: understood only "${first.text}" of "${trimmed}"; rephrase it`, 2);
  }
  const at = first.date();
  if (at.getTime() <= now.getTime()) {
    throw new CliError(`--at: "${trimmed}" is ${at.toISOString()}, which is not in the future`, 2);
  }
  return at;
}

/** `--in` duration (`90s`, `15m`, `2h`, `1h30m`, `2d`) from now. */
export function resolveIn(text: string, now: Date): Date {
  try {
    return new Date(now.getTime() + parseDuration(text.trim(), '--in'));
  } catch (error) {
    throw new CliError((error as Error).message, 2);
  }
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
