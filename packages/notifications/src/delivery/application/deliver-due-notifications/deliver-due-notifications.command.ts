import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Command } from '@tickler/core';
import { type DeliverDueResult } from '../../../shared/application/notification.view';

/**
 * The seam: settles every delivery that is due now (sent, missed, failed, or handed to its
 * external channels), in
 * bounded batches. Run by the context's minutely job, by the exact-time wake-up, or directly
 * (HTTP) — optionally for one delivery id.
 */
export class DeliverDueNotifications extends Command<DeliverDueResult> {
  static readonly type = 'notifications.deliver-due';

  /** Only this delivery, if it is due. */
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) id?: string;
}

/**
 * `DeliverDueNotifications` was dispatched inside an open transaction. It commits each batch
 * and makes webhook requests with no transaction open, so it cannot join a caller's; a
 * programming error, not an expected outcome (the minutely check is `CheckDueNotifications`).
 */
export class DeliverDueInTransactionError extends Error {
  constructor() {
    super('DeliverDueNotifications runs its own transactions: dispatch it outside any transaction');
    this.name = 'DeliverDueInTransactionError';
  }
}
