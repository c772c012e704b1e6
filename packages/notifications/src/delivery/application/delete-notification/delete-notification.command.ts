import { Command } from '@tickler/core';
import { type NotificationView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Deletes a delivery a person made (seed 001 §5.1: for a hand-made row, deleting is what
 * canceling is, and it also clears the past). A delivery a producer app made is refused with
 * `NOTIFICATIONS.APP_OWNED`: the next reconcile would recreate it; cancel it instead (the
 * canceled row is the tombstone that keeps it away). A delivery whose external sends are in
 * flight (`sending`) is refused with `NOTIFICATIONS.NOT_SCHEDULED`. Answers the delivery as it
 * was; its inbox item, if it reached the inbox, stays (it is what was received).
 */
export class DeleteNotification extends Command<NotificationView> {
  static readonly type = 'notifications.delete';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
