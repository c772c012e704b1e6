import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  type Logger,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import {
  ChannelSendNotFailedError,
  ChannelSendNotFoundError,
} from '../../../shared/domain/notification.errors';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelSendRepository } from '../ports/channel-send.repository';
import { RetryChannelSend } from './retry-channel-send.command';
import { sendAgain } from './send-again';
import { type OperatorSendView, toOperatorSendView } from './operator-send.view';

/**
 * Handles `RetryChannelSend`: under the retry lock, the new send and its wake-up in one
 * transaction, then an audit line.
 */
@injectable()
export class RetryChannelSendHandler implements CommandHandler<RetryChannelSend> {
  static readonly handles = RetryChannelSend;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly sendsWakeUp: DeliveryWakeUp,
  ) {}

  async execute(command: RetryChannelSend): Promise<OperatorSendView> {
    const view = await this.uow.run(async (tx) => {
      // First, before the reads: a concurrent retry of this send (or a retry-all) has committed
      // its new send by then, so the check below finds it superseded.
      await this.sends.lockRetries(tx);
      const failed = await this.sends.find(tx, command.id);
      if (!failed) {
        throw new ChannelSendNotFoundError(command.id);
      }
      if (failed.status !== 'failed' || failed.subscriptionId === null) {
        throw new ChannelSendNotFailedError(command.id, failed.status);
      }
      // Retried already: a second retry would send the notification twice.
      if (await this.sends.superseded(tx, failed)) {
        throw new ChannelSendNotFailedError(command.id, 'retried');
      }
      const now = toIsoUtc(this.clock.now());
      const again = sendAgain(
        { ...failed, subscriptionId: failed.subscriptionId },
        now,
        this.ids.next(),
      );
      await this.sends.insertMany(tx, [again]);
      await this.sendsWakeUp.wakeAt(tx, now);
      return toOperatorSendView(again.snapshot());
    });
    // The audit line: who acted is the admin token (the only caller of this route).
    this.logger.info(
      { audit: 'send.retry', sendId: command.id, newSendId: view.id, channel: view.channel },
      'admin retried a failed channel send',
    );
    return view;
  }
}
