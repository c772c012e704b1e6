import { Type } from 'class-transformer';
import {
  IsObject,
  ValidateNested,
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import {
  Command,
  IsInstant,
  IsLink,
  IsMultilineText,
  IsPlainText,
  IsTimeZone,
} from '@tickler/core';
import { WHEN_MAX_LENGTH } from '@tickler/time';
import { CHANNEL_KINDS, MAX_CHANNELS } from '../../../shared/application/channel-kinds';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';
import {
  IsSeriesScope,
  RepeatInput,
  type SeriesScope,
} from '../../../shared/application/repeat.input';

/**
 * Edits a scheduled delivery: content, channels and/or its send instant. Only while `scheduled`
 * (`NOTIFICATIONS.ALREADY_SENT` / `NOTIFICATIONS.NOT_SCHEDULED` otherwise). A new instant moves
 * the dispatcher's wake-up (only ever earlier) in the same transaction.
 */
export class RescheduleNotification extends Command<NotificationView> {
  static readonly type = 'notifications.reschedule';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
  // The same rules as SendNotification's fields: an edit cannot store what a send refuses.
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) @IsPlainText() title?: string;
  @IsOptional() @IsString() @MaxLength(4000) @IsMultilineText() message?: string;
  @IsOptional() @IsString() @MaxLength(2000) @IsLink() url?: string;
  @IsOptional() @IsInstant() scheduledAt?: string;
  /**
   * Instead of `scheduledAt`: a time as a person says it ("tomorrow 9am", "in 2 hours", "next
   * friday 17:00"), read in `timeZone` by the CLI's rule; partly understood text is refused.
   */
  @IsOptional() @IsString() @MaxLength(WHEN_MAX_LENGTH) @IsPlainText() when?: string;
  /** IANA zone `when` is read in (only with `when`); default: the recipient profile's, else UTC. */
  @IsOptional() @IsString() @MaxLength(64) @IsTimeZone() timeZone?: string;
  /** New channels (unique, at most 4); resolved when it fires, like on create. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CHANNELS)
  @ArrayUnique()
  @IsIn(CHANNEL_KINDS, { each: true })
  channels?: string[];
  /** Older alias: `channel: "webhook"` ≡ `channels: ["webhook"]`. */
  @IsOptional() @IsIn(CHANNEL_KINDS) channel?: string;
  /**
   * A new rule and/or zone: restarts the series at `scheduledAt` (default: the scheduled row's
   * instant); on a one-off scheduled row, makes it occurrence 1 of a new series.
   */
  @IsOptional()
  @IsObject({ message: 'repeat must be an object { rule, timeZone? }' })
  @ValidateNested()
  @Type(() => RepeatInput)
  repeat?: RepeatInput;
  /**
   * For a row of a recurring series: `this` (the default) edits only the row named; `series`
   * edits the series — its template and its scheduled row (the default when `repeat` is given).
   */
  @IsOptional() @IsSeriesScope() scope?: SeriesScope;
  /**
   * `"canceled"` cancels instead of editing (seed 001 §5.1: "cancel that" is a PATCH to status),
   * exactly as `CancelNotification` with the same `scope`; no other field may come with it.
   */
  @IsOptional()
  @IsIn(['canceled'], {
    message: 'status can only be set to "canceled"; the other states are the scheduler\'s',
  })
  status?: 'canceled';
}
