import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';
import { type DeliverDueResult } from '../notification.view';

/**
 * The seam: settles every delivery that is due now (sent, missed, retried or failed), in
 * bounded batches. Run by the context's minutely job, by the exact-time wake-up, or directly
 * (HTTP) — optionally for one delivery id.
 */
export class DeliverDueNotifications extends Command<DeliverDueResult> {
  static readonly type = 'notifications.deliver-due';

  /** Only this delivery, if it is due. */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) id?: string;
}
