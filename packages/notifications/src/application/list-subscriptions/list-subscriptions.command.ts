import { Command } from '@tickler/core';
import { type SubscriptionView } from '../notification.view';
import { IsRecipientId } from '../recipient-id.validator';

/** The recipient's endpoints (secrets are never listed). */
export class ListSubscriptions extends Command<SubscriptionView[]> {
  static readonly type = 'notifications.subscriptions.list';

  @IsRecipientId() recipientId!: string;
}
