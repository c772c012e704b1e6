import { Command } from '@tickler/core';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Deletes a delivery (seed 001 §5.1: an ordinary resource; for a hand-made row deleting is what
 * canceling is, and it also clears the past). A delivery a producer app made is deleted too, but
 * the app's next reconcile recreates it while it is still in the app's plan; canceling leaves
 * the tombstone that keeps it away, so the page and the CLI cancel. A delivery whose external sends are in
 * flight (`sending`) is refused with `NOTIFICATIONS.NOT_SCHEDULED`. Answers the delivery as it
 * was; its inbox item, if it reached the inbox, stays (it is what was received).
 */
export class DeleteNotification extends Command<NotificationView> {
  static readonly type = 'notifications.delete';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
