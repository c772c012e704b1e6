import {
  InvalidArgumentError,
  isTimeZone,
  parseDuration,
  parseTimeOfDay,
  toIsoUtc,
} from '@tickler/core/domain';
import {
  DEFAULT_TIME_OF_DAY,
  type ResolvedWhen,
  resolveWhen as resolveWhenText,
} from '@tickler/time';
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
 * The time of day a day named without one ("tomorrow", "friday") is at: `TICKLER_DEFAULT_TIME`
 * (`HH:MM`), else 09:00. A bad value is a usage error naming the variable.
 */
export function defaultTimeOfDay(env: NodeJS.ProcessEnv = process.env): string {
  const text = env.TICKLER_DEFAULT_TIME || DEFAULT_TIME_OF_DAY;
  asUsage(() => parseTimeOfDay(text, 'TICKLER_DEFAULT_TIME'));
  return text.trim();
}

/** Where a `--at` text went: the instant, and what a person should be told about it. */
export interface ResolvedAt {
  readonly at: Date;
  /** Lines worth saying (a DST gap moved the time, a repeated hour, the default time used). */
  readonly notes: readonly string[];
}

/** What a person is told about how the text was read, when it was not simply as written. */
function notesOf(resolved: ResolvedWhen, defaultTime: string): string[] {
  const notes: string[] = [];
  const local = resolved.local.replace('T', ' ').slice(0, 16);
  if (resolved.gapShiftMinutes > 0) {
    notes.push(
      `that local time does not exist in ${resolved.timeZone} (the clocks jump forward): moved ${resolved.gapShiftMinutes} minutes later, to ${local}`,
    );
  }
  if (resolved.repeated) {
    notes.push(
      `${local} happens twice in ${resolved.timeZone} (the clocks go back): using the first, at UTC${resolved.offset}`,
    );
  }
  if (resolved.defaultTimeApplied) {
    notes.push(`no time of day given: ${defaultTime} (set TICKLER_DEFAULT_TIME to change it)`);
  }
  return notes;
}

/**
 * `--at` text to an instant, by the same rule the daemon applies to `when`
 * (`resolveWhen` in `@tickler/notifications`): natural language in the local time zone
 * ("tomorrow 9am", "friday 18:00"; "tomorrow" alone is at {@link defaultTimeOfDay}), a duration
 * ("90m"), or ISO 8601; always forward; text only partly understood is refused rather than
 * guessed.
 */
export function resolveAtWithNotes(text: string, now: Date): ResolvedAt {
  const defaultTime = defaultTimeOfDay();
  const resolved = asUsage(() =>
    resolveWhenText(text, {
      timeZone: readingZone(),
      now: toIsoUtc(now),
      field: '--at',
      defaultTime,
    }),
  );
  return { at: new Date(resolved.instant), notes: notesOf(resolved, defaultTime) };
}

/** {@link resolveAtWithNotes} without the notes. */
export function resolveAt(text: string, now: Date): Date {
  return resolveAtWithNotes(text, now).at;
}

const UNIT_WORDS: Readonly<Record<string, string>> = {
  sec: 's',
  second: 's',
  min: 'm',
  minute: 'm',
  hr: 'h',
  hour: 'h',
  day: 'd',
  week: 'w',
};
const WORDED = /^(\d+(?:\.\d+)?)\s*(sec|second|min|minute|hr|hour|day|week)s?$/i;

/**
 * A duration written with its unit as a word (`90min`, `30sec`, `"5 minutes"`, `"2 days"`) in
 * the short form `parseDuration` reads (`90m`); any other text as it is. People type the words
 * (issue 31); the short forms stay the documented ones.
 */
export function shortDuration(text: string): string {
  const match = WORDED.exec(text.trim());
  return match ? `${match[1]}${UNIT_WORDS[match[2]!.toLowerCase()]}` : text.trim();
}

/** `--in` duration with its unit (`90s`, `15m`, `1h30m`, `1.5h`, `2d`, `PT2H`, `90min`, `"5 minutes"`) from now. */
export function resolveIn(text: string, now: Date): Date {
  return new Date(now.getTime() + asUsage(() => parseDuration(shortDuration(text), '--in')));
}

/** Exactly one of `--at` / `--in` (or neither when `optional`), with what to tell the person. */
export function resolveWhenWithNotes(
  options: { at?: string; in?: string },
  now: Date,
  optional: boolean,
): ResolvedAt | undefined {
  if (options.at !== undefined && options.in !== undefined) {
    throw new CliError('give --at or --in, not both', 2);
  }
  if (options.at !== undefined) {
    return resolveAtWithNotes(options.at, now);
  }
  if (options.in !== undefined) {
    return { at: resolveIn(options.in, now), notes: [] };
  }
  if (!optional) {
    throw new CliError(
      'say when: --at <when> (e.g. "tomorrow 9am") or --in <duration> (e.g. 15m)',
      2,
    );
  }
  return undefined;
}

/** Exactly one of `--at` / `--in`, or neither when `optional`. */
export function resolveWhen(
  options: { at?: string; in?: string },
  now: Date,
  optional: boolean,
): Date | undefined {
  return resolveWhenWithNotes(options, now, optional)?.at;
}
