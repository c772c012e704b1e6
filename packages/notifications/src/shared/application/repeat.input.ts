import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPlainText, IsTimeZone } from '@tickler/core';

/** Longest RRULE text accepted (the subset's longest sensible rule is far shorter). */
export const RULE_MAX_LENGTH = 500;

/**
 * `repeat` on create and edit: an RRULE of the supported subset and the IANA zone whose wall
 * clock it follows, e.g. `{"rule":"FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR","timeZone":"Europe/Berlin"}`.
 * The zone defaults to the request's `timeZone` (given with `when`), else the recipient profile's
 * (UTC when they set none).
 */
export class RepeatInput {
  @IsString() @IsNotEmpty() @MaxLength(RULE_MAX_LENGTH) @IsPlainText() rule!: string;
  @IsOptional() @IsString() @MaxLength(64) @IsTimeZone() timeZone?: string;
}

/** What an edit or a cancel of a recurring row applies to. */
export const SERIES_SCOPES = ['this', 'series'] as const;

/** `this`: only the row named; `series`: the series (template, rule) and its scheduled row. */
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/** `scope` on edit and cancel (default `series` for a row of a series; ignored otherwise). */
export function IsSeriesScope(): PropertyDecorator {
  return IsIn(SERIES_SCOPES, { message: 'scope must be "this" or "series"' });
}
