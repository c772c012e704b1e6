import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  type Logger,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelSendRepository } from '../ports/channel-send.repository';
import {
  RETRY_ALL_BATCH,
  RetryAllChannelSends,
  type RetryAllView,
} from './retry-all-channel-sends.command';
import { sendAgain } from './send-again';

/**
 * Handles `RetryAllChannelSends`: under the retry lock, one read of at most one batch (plus one
 * row, to tell whether more are left), the new sends and one wake-up in one transaction, then
 * one audit line.
 */
@injectable()
export class RetryAllChannelSendsHandler implements CommandHandler<RetryAllChannelSends> {
  static readonly handles = RetryAllChannelSends;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: ChannelSendRepository,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly sendsWakeUp: DeliveryWakeUp,
  ) {}

  async execute(command: RetryAllChannelSends): Promise<RetryAllView> {
    const view = await this.uow.run(async (tx) => {
      // First, before the read: a concurrent retry (a second page, another daemon) commits its
      // new sends before this read sees the failed ones, so it finds them retried.
      await this.sends.lockRetries(tx);
      const now = toIsoUtc(this.clock.now());
      // Failed and not superseded: a send retried before (one by one or by an earlier call)
      // is left out, so a double click retries nothing twice.
      const failed = await this.sends.forOperator(tx, {
        status: 'failed',
        channel: command.channel,
        limit: RETRY_ALL_BATCH + 1,
        now,
        retryable: true,
      });
      const batch = failed.slice(0, RETRY_ALL_BATCH);
      const again = batch.flatMap((send) =>
        send.subscriptionId === null
          ? []
          : [sendAgain({ ...send, subscriptionId: send.subscriptionId }, now, this.ids.next())],
      );
      if (again.length > 0) {
        await this.sends.insertMany(tx, again);
        await this.sendsWakeUp.wakeAt(tx, now);
      }
      return { retried: again.length, more: failed.length > RETRY_ALL_BATCH };
    });
    // The audit line: one per call, with the count (the admin token is the only caller).
    this.logger.info(
      { audit: 'send.retryAll', channel: command.channel ?? null, ...view },
      'admin retried failed channel sends',
    );
    return view;
  }
}
