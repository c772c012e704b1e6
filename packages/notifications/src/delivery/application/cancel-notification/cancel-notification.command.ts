import { IsOptional } from 'class-validator';
import { Command } from '@tickler/core';
import { IsSeriesScope, type SeriesScope } from '../../../shared/application/repeat.input';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Cancels a scheduled delivery (the row stays as a tombstone). Idempotent on a canceled row, and
 * a no-op answer once sent (seed 001 §3.1); `NOTIFICATIONS.NOT_SCHEDULED` when otherwise settled.
 */
export class CancelNotification extends Command<NotificationView> {
  static readonly type = 'notifications.cancel';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
  /**
   * For a row of a recurring series: `this` (the default) cancels only this row, and the next
   * occurrence is scheduled; `series` cancels the series and its scheduled row.
   */
  @IsOptional() @IsSeriesScope() scope?: SeriesScope;
}
