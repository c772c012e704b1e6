import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { Command, IsPlainText, IsTimeZone } from '@tickler/core';
import { type CalendarView } from '../calendar.view';
import { IsCalendarId, IsRecipientId, IsTimeOfDay } from '../calendar-fields.validators';

/**
 * Changes a calendar's name, lead, on/off or all-day reminder time (left out = unchanged;
 * `timeZone: null` = back to the profile's). A change that moves reminders queues a sync;
 * turning it off withdraws its reminders at once.
 */
export class UpdateCalendar extends Command<CalendarView> {
  static readonly type = 'calendar.update';

  @IsRecipientId() recipientId!: string;
  @IsCalendarId() calendarId!: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) @IsPlainText() name?: string;
  @IsOptional() @IsString() @MaxLength(200) @IsPlainText() lead?: string;
  @IsOptional() @IsBoolean() enabled?: boolean;
  @ValidateIf((o: UpdateCalendar) => o.timeZone !== null && o.timeZone !== undefined)
  @IsString()
  @MaxLength(64)
  @IsTimeZone()
  timeZone?: string | null;
  @IsOptional() @IsTimeOfDay() allDayAt?: string;
  @IsOptional() @IsInt() @Min(0) @Max(14) allDayDaysBefore?: number;
}
