import { Command } from '@tickler/core';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/** Removes an endpoint; `NOTIFICATIONS.SUBSCRIPTION_NOT_FOUND` if it is not the recipient's. */
export class RemoveSubscription extends Command<void> {
  static readonly type = 'notifications.subscriptions.remove';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
