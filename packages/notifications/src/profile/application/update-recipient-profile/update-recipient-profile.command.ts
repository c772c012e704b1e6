import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Command, IsDuration, IsTimeZone } from '@tickler/core';
import { WEEKDAYS } from '../../domain/recipient-profile.state';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';
import { type RecipientProfileView } from '../recipient-profile.view';

/** `HH:MM` on a 24-hour clock (`9:30` allowed). */
const TIME_OF_DAY = /^([01]?\d|2[0-3]):[0-5]\d$/;
const TIME_MESSAGE = (field: string) => ({
  message: `${field} must be a local time from 00:00 to 23:59, like 22:00`,
});

/** Quiet hours as sent: local `HH:MM` start and end, optional days (the days a window starts on). */
export class QuietHoursInput {
  @IsString() @Matches(TIME_OF_DAY, TIME_MESSAGE('start')) start!: string;
  @IsString() @Matches(TIME_OF_DAY, TIME_MESSAGE('end')) end!: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @ArrayUnique()
  @IsIn(WEEKDAYS, { each: true })
  days?: string[];
}

/** Digest settings as sent: `{"mode":"tick"}` or `{"mode":"daily","at":"08:00"}`. */
export class DigestInput {
  @IsIn(['tick', 'daily']) mode!: 'tick' | 'daily';
  @IsOptional() @IsString() @Matches(TIME_OF_DAY, TIME_MESSAGE('at')) at?: string;
}

/**
 * Changes a person's profile: every field optional (absent = unchanged), `null` clears it.
 * Creates the profile on first use. Answers the whole profile after the change.
 */
export class UpdateRecipientProfile extends Command<RecipientProfileView> {
  static readonly type = 'notifications.profile.update';

  @IsRecipientId() recipientId!: string;
  /** IANA name (`Europe/Berlin`); an offset such as `+02:00` is refused. */
  @IsOptional() @IsString() @MaxLength(64) @IsTimeZone() timeZone?: string | null;
  @IsOptional()
  @IsObject({ message: 'quietHours must be an object {start, end, days?} or null' })
  @ValidateNested()
  @Type(() => QuietHoursInput)
  quietHours?: QuietHoursInput | null;
  @IsOptional() @IsBoolean() inboxOnTime?: boolean | null;
  /** A duration with its unit (`15m`, `1h`): the lead for reminders given `eventAt` and no time. */
  @IsOptional() @IsString() @MaxLength(64) @IsDuration() defaultLead?: string | null;
  @IsOptional()
  @IsObject({ message: 'digest must be an object {mode, at?} or null' })
  @ValidateNested()
  @Type(() => DigestInput)
  digest?: DigestInput | null;
}
