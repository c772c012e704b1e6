import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Command } from '@tickler/core';
import { type InboxItemView, type Page } from '../../../shared/application/notification.view';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';

/** One page of a recipient's inbox, newest first. */
export class ListInbox extends Command<Page<InboxItemView>> {
  static readonly type = 'notifications.inbox.list';

  @IsRecipientId() recipientId!: string;
  /** Page size, 1–200. Default 50. */
  @IsOptional() @IsInt() @Min(1) @Max(200) limit?: number;
  @IsOptional() @IsString() @MaxLength(1000) cursor?: string;
  @IsOptional() @IsBoolean() unreadOnly?: boolean;
}
