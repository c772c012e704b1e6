import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Command } from '@tickler/core';
import { type OperatorSendView } from './operator-send.view';

/** What the operator's list shows: settled failures, or live sends that are not going well. */
export const OPERATOR_SEND_FILTERS = ['failed', 'stuck'] as const;

/**
 * The admin's list of failed or stuck channel sends, most recently changed first. `stuck`: a
 * live send that already failed an attempt (waiting on its backoff) or whose claim's lease ran
 * out (its holder died or hung) — both clear on their own, the list says which ones to watch.
 */
export class ListOperatorSends extends Command<{ items: OperatorSendView[] }> {
  static readonly type = 'notifications.operator.sends.list';

  @IsIn(OPERATOR_SEND_FILTERS) status!: (typeof OPERATOR_SEND_FILTERS)[number];
  /** Only this channel kind (`webhook`, `push`, …). */
  @IsOptional() @IsString() @MaxLength(40) channel?: string;
  /** At most this many, 1–200. Default 50. */
  @IsOptional() @IsInt() @Min(1) @Max(200) limit?: number;
}
