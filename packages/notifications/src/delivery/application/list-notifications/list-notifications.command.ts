import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Command, IsInstant } from '@tickler/core';
import { NOTIFICATION_STATUSES } from '../../../shared/domain/notification-status';
import {
  type NotificationStatus,
  type NotificationView,
  type Page,
} from '../../../shared/application/notification.view';
import { IsRecipientId } from '../../../shared/application/recipient-id.validator';

/** One page of a recipient's deliveries, ordered by send instant (immediate: creation), then id. */
export class ListNotifications extends Command<Page<NotificationView>> {
  static readonly type = 'notifications.list';

  @IsRecipientId() recipientId!: string;
  @IsOptional() @IsIn(NOTIFICATION_STATUSES) status?: NotificationStatus;
  /** Page size, 1–200. Default 50. */
  @IsOptional() @IsInt() @Min(1) @Max(200) limit?: number;
  /**
   * Only deliveries whose send instant (scheduled, else creation for an immediate send) is at
   * or after this RFC 3339 instant: "what happened since Monday" without paging through the past.
   */
  @IsOptional() @IsInstant() since?: string;
  /** `nextCursor` of the previous page. */
  @IsOptional() @IsString() @MaxLength(1000) cursor?: string;
}
