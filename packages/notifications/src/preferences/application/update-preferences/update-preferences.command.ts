import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Command, IsPlainText } from '@tickler/core';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';
import { CHANNEL_KINDS } from '../../../shared/application/channel-kinds';
import { EscalateInput } from '../../../shared/application/escalate.input';
import { type PreferencesView } from '../preferences.view';

/** Most switches one update may set (sources × channels of a busy person fit well under it). */
export const MAX_PREFERENCES_PER_UPDATE = 100;

/** One switch as sent: `{"source":"calendar","channel":"push","enabled":false}`. */
export class PreferenceInput {
  /** The reminders' `source.app` (the same rule as `sourceApp`), or `@person`. */
  @IsString() @IsNotEmpty() @MaxLength(100) @IsPlainText() source!: string;
  @IsIn(CHANNEL_KINDS) channel!: string;
  @IsBoolean() enabled!: boolean;
  /**
   * Only on an `inbox` switch: still unread `after` (1m to 7d) after firing, reminders of this
   * source that carry no `escalate` of their own are sent again by `channel`. Left out: the
   * stored one is kept; `null`: removed. See docs/preferences.md.
   */
  @IsOptional()
  @IsObject({ message: 'escalate must be an object { "after": "1h", "channel": "email" }' })
  @ValidateNested()
  @Type(() => EscalateInput)
  escalate?: EscalateInput | null;
}

/**
 * Sets some of a person's switches (the others are unchanged; a switch named twice keeps the
 * last). Answers every switch after the change.
 */
export class UpdatePreferences extends Command<PreferencesView> {
  static readonly type = 'notifications.preferences.update';

  @IsRecipientId() recipientId!: string;
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_PREFERENCES_PER_UPDATE)
  @ValidateNested({ each: true })
  @Type(() => PreferenceInput)
  preferences!: PreferenceInput[];
}
