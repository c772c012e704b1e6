import { parseDuration, parseInstant } from '@tickler/core/domain';
import { CliError } from '../cli.error';

/**
 * `--since` text to an instant in the past: a duration back from now (`2d`, `12h`, `1w`), a
 * local date (`2026-12-01`, its midnight in the local zone) or an RFC 3339 instant.
 */
export function resolveSince(text: string, now: Date): Date {
  const trimmed = text.trim();
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (date) {
    const local = new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    if (local.getDate() !== Number(date[3])) {
      throw new CliError(`--since: ${trimmed} is not a date`, 2);
    }
    return local;
  }
  if (/^\d{4}-\d{2}-\d{2}[Tt ]/.test(trimmed)) {
    try {
      return new Date(parseInstant(trimmed, '--since'));
    } catch (error) {
      throw new CliError((error as Error).message, 2);
    }
  }
  try {
    return new Date(now.getTime() - parseDuration(trimmed, '--since'));
  } catch {
    throw new CliError(
      `--since: cannot understand "${trimmed.slice(0, 40)}": write a duration back from now (2d, 12h), a date (2026-12-01) or an ISO 8601 instant`,
      2,
    );
  }
}
