import { Command } from '@tickler/core';
import { type SubscriptionView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Resumes a subscription paused after its sends kept failing: its failures in a row start again
 * from zero and new notifications use it again. Resuming one that is not paused changes nothing.
 */
export class ResumeSubscription extends Command<SubscriptionView> {
  static readonly type = 'notifications.subscriptions.resume';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
}
