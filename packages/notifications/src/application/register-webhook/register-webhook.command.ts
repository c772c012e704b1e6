import { IsUrl, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';
import { type NewSubscriptionView } from '../notification.view';
import { IsRecipientId } from '../recipient-id.validator';

/**
 * Registers the recipient's webhook endpoint (http or https) and returns its signing secret,
 * shown this once. Registering again replaces the endpoint and rotates the secret.
 */
export class RegisterWebhook extends Command<NewSubscriptionView> {
  static readonly type = 'notifications.subscriptions.register';

  @IsRecipientId() recipientId!: string;

  @MaxLength(2000)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'url must be an http(s) URL' },
  )
  url!: string;
}
