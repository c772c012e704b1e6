import { IsIn, IsOptional } from 'class-validator';
import { Command } from '@tickler/core';
import { CHANNEL_KINDS } from '../../../shared/application/channel-kinds';

/** What one retry-all call answers: how many were retried and whether more are left. */
export interface RetryAllView {
  readonly retried: number;
  /** More failed, not yet retried sends remain: call again. */
  readonly more: boolean;
}

/**
 * The admin retries every failed, not yet retried channel send (of one channel kind, or all),
 * at most {@link RETRY_ALL_BATCH} per call so one call stays one short transaction.
 */
export class RetryAllChannelSends extends Command<RetryAllView> {
  static readonly type = 'notifications.operator.sends.retryAll';

  /** Only this channel kind (`webhook`, `push`, …). */
  @IsOptional() @IsIn(CHANNEL_KINDS) channel?: string;
}

/** Sends retried per call at most. */
export const RETRY_ALL_BATCH = 500;
