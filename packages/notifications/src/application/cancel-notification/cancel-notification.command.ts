import { Command } from '@tickler/core';
import { type NotificationView } from '../notification.view';
import { IsEntityId, IsRecipientId } from '../recipient-id.validator';

/**
 * Cancels a scheduled delivery (the row stays as a tombstone). Idempotent on a canceled row;
 * `NOTIFICATIONS.ALREADY_SENT` once sent, `NOTIFICATIONS.NOT_SCHEDULED` when otherwise settled.
 */
export class CancelNotification extends Command<NotificationView> {
  static readonly type = 'notifications.cancel';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
