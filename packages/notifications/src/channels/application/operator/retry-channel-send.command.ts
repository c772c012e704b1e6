import { Command } from '@tickler/core';
import { IsEntityId } from '../../../shared/application/recipient-id.validator';
import { type OperatorSendView } from './operator-send.view';

/**
 * The admin sends a failed channel send again: a new `pending` send (new id, fresh retry
 * budget) of the same notification to the same subscription, due at once. The failed row stays
 * as it was: a settled send is never resurrected, and its history is what the operator read.
 */
export class RetryChannelSend extends Command<OperatorSendView> {
  static readonly type = 'notifications.operator.sends.retry';

  @IsEntityId() id!: string;
}
