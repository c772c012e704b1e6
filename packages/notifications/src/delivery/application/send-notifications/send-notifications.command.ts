import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { Command } from '@tickler/core';
import {
  SendNotification,
  type SendNotificationResult,
} from '../send-notification/send-notification.command';

/** Entries per `SendNotifications` call: bounds one transaction's size and a request's memory. */
export const MAX_SEND_ITEMS = 10_000;

/** What `SendNotifications` answers. */
export interface SendNotificationsResult {
  /** One per item, in the order given. */
  results: SendNotificationResult[];
}

/**
 * Many `SendNotification`s in ONE transaction, all or nothing: each item is validated and
 * treated exactly like the single command (immediate path for an absent or past instant,
 * idempotency keys, source keys), as if the items were sent one after the other. A bad item
 * rejects the whole call naming `items.<index>.<field>`; more than {@link MAX_SEND_ITEMS}
 * items are refused naming `items`.
 */
export class SendNotifications extends Command<SendNotificationsResult> {
  static readonly type = 'notifications.send-many';

  @IsArray()
  @ArrayMaxSize(MAX_SEND_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => SendNotification)
  items!: SendNotification[];
}
