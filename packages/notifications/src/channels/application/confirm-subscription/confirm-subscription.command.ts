import { IsString, Matches } from 'class-validator';
import { Command } from '@tickler/core';
import { type SubscriptionView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/**
 * Confirms a subscription whose target must be confirmed (email) with the code mailed to it:
 * from then on it receives notifications. Five wrong codes lock the code; registering the
 * address again mails a new one.
 */
export class ConfirmSubscription extends Command<SubscriptionView> {
  static readonly type = 'notifications.subscriptions.confirm';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() id!: string;
  /** The code from the confirmation email (10 letters and digits; case and spaces ignored). */
  @IsString()
  @Matches(/^\s*[A-Za-z0-9]{4,32}\s*$/, { message: 'code must be the code from the email' })
  code!: string;
}
