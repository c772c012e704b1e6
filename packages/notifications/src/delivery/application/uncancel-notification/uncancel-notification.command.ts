import { Command } from '@tickler/core';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Undoes a cancel within 10 minutes of it: the row is scheduled again at its instant. An
 * occurrence of a recurring series is refused (`NOTIFICATIONS.NOT_SCHEDULED`): its series has
 * already moved on; `NOTIFICATIONS.UNDO_EXPIRED` after the window.
 */
export class UncancelNotification extends Command<NotificationView> {
  static readonly type = 'notifications.uncancel';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
