import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Command, IsPlainText, IsTimeZone } from '@tickler/core';
import { MAX_SOURCE_LENGTH } from '../../domain/calendar-source-location';
import { type CalendarView } from '../calendar.view';
import { IsRecipientId, IsTimeOfDay } from '../calendar-fields.validators';

/**
 * Adds a calendar: a `.ics` file path (absolute) or an https URL (`webcal:` is read as https),
 * with a name and a default lead, and queues its first sync. A URL must pass the outbound
 * address rule now (and again at every download).
 */
export class AddCalendar extends Command<CalendarView> {
  static readonly type = 'calendar.add';

  @IsRecipientId() recipientId!: string;
  @IsString() @IsNotEmpty() @MaxLength(MAX_SOURCE_LENGTH) @IsPlainText() source!: string;
  @IsString() @IsNotEmpty() @MaxLength(100) @IsPlainText() name!: string;
  /** `15m`, `1h, 10m`, `lead:3600`: comma-separated, at most 5; '' = the events' alarms only. Default `15m`. */
  @IsOptional() @IsString() @MaxLength(200) @IsPlainText() lead?: string;
  /** Default true. */
  @IsOptional() @IsBoolean() enabled?: boolean;
  /** IANA zone of all-day events and floating times; default the person's profile zone. */
  @IsOptional() @IsString() @MaxLength(64) @IsTimeZone() timeZone?: string;
  /** An all-day event's reminder time, local. Default `09:00`. */
  @IsOptional() @IsTimeOfDay() allDayAt?: string;
  /** Days before an all-day event (0 = that morning). Default 1. */
  @IsOptional() @IsInt() @Min(0) @Max(14) allDayDaysBefore?: number;
}
