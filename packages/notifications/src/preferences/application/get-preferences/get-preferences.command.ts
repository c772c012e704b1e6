import { Command } from '@tickler/core';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';
import { type PreferencesView } from '../preferences.view';

/** A person's channel preferences (an empty list when they never set one): read-only. */
export class GetPreferences extends Command<PreferencesView> {
  static readonly type = 'notifications.preferences.get';

  @IsRecipientId() recipientId!: string;
}
