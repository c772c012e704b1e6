import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Command, IsDuration, IsInstant } from '@tickler/core';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Snoozes an inbox item: schedules the same content again for the same person, `for` a
 * duration from now (`10m`) or `until` an instant (exactly one of the two), linked to the item
 * (`snoozedFrom`). Answers the new reminder.
 */
export class SnoozeInboxItem extends Command<NotificationView> {
  static readonly type = 'notifications.inbox.snooze';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() inboxId!: string;
  /** A duration with its unit: `90s`, `10m`, `1h30m`, `PT1H`. */
  @IsOptional() @IsString() @MaxLength(64) @IsDuration() for?: string;
  /** RFC 3339 with an offset; must be in the future. */
  @IsOptional() @IsInstant() until?: string;
}
