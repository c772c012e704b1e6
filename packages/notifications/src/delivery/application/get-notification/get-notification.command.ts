import { Command } from '@tickler/core';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/** One delivery of one recipient; `NOTIFICATIONS.NOT_FOUND` for another recipient's id. */
export class GetNotification extends Command<NotificationView> {
  static readonly type = 'notifications.get';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
