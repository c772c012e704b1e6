import { Command } from '@tickler/core';
import { type InboxItemView } from '../../../shared/application/notification.view';
import { IsEntityId, IsRecipientId } from '../../../shared/application/recipient-id.validator';

/** Marks an inbox item read (idempotent: the first read instant is kept). */
export class MarkInboxRead extends Command<InboxItemView> {
  static readonly type = 'notifications.inbox.mark-read';

  @IsRecipientId() recipientId!: string;
  @IsEntityId() inboxId!: string;
}
