import { Command } from '@tickler/core';
import { type SubscriptionView } from '../../../shared/application/notification.view';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';

/** The recipient's endpoints (secrets are never listed). */
export class ListSubscriptions extends Command<SubscriptionView[]> {
  static readonly type = 'notifications.subscriptions.list';

  @IsRecipientId() recipientId!: string;
}
