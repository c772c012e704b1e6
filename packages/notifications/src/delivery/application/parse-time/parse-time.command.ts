import { Command, IsTimeZone } from '@tickler/core';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { type ResolvedWhen, WHEN_MAX_LENGTH } from '@tickler/time';

/**
 * Reads `when` text ("tomorrow 9am", "in 2 hours", "next friday 17:00", an ISO instant) in an
 * IANA zone against the Clock's now and answers the instant it means, in UTC and local time —
 * without scheduling anything (read-only: a UI's preview; HTTP `POST /v1/time/parse`).
 * Partly understood text and times not in the future are `INVALID_ARGUMENT` naming `when`.
 */
export class ParseTime extends Command<ResolvedWhen> {
  static readonly type = 'notifications.parse-time';

  /** The text to read; one line, at most 200 characters. */
  @IsString() @MaxLength(WHEN_MAX_LENGTH) when!: string;
  /** IANA zone its wall-clock times are in, e.g. `Europe/Berlin`. */
  @IsTimeZone() timeZone!: string;
  /** `HH:MM` for a day named without a time ("tomorrow"); default 09:00. */
  @IsOptional()
  @Matches(/^([01]?\d|2[0-3]):[0-5]\d$/, { message: 'defaultTime must be HH:MM, e.g. 09:00' })
  defaultTime?: string;
}
