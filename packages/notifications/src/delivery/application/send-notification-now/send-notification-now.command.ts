import { Command } from '@tickler/core';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Delivers a scheduled delivery now instead of at its instant. Inbox: `sent` in this call.
 * Webhook: due now and the dispatcher woken (the request never runs inside this call). Only
 * while `scheduled`; the status-guarded write makes it race-free against the dispatcher.
 */
export class SendNotificationNow extends Command<NotificationView> {
  static readonly type = 'notifications.send-now';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
