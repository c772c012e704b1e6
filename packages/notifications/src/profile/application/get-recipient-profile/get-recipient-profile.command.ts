import { Command } from '@tickler/core';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';
import { type RecipientProfileView } from '../recipient-profile.view';

/** A person's profile (their defaults when they never set one): read-only. */
export class GetRecipientProfile extends Command<RecipientProfileView> {
  static readonly type = 'notifications.profile.get';

  @IsRecipientId() recipientId!: string;
}
