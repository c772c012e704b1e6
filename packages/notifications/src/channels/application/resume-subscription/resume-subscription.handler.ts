import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { SubscriptionNotFoundError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelRegistry } from '../channel-registry';
import { toSubscriptionView } from '../subscription-view.mapper';
import { type SubscriptionView } from '../../../shared/application/notification.view';
import { type SubscriptionRepository } from '../ports/subscription.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { ResumeSubscription } from './resume-subscription.command';

/** Handles `ResumeSubscription`: clears the pause and the failures in a row, in one transaction. */
@injectable()
export class ResumeSubscriptionHandler implements CommandHandler<ResumeSubscription> {
  static readonly handles = ResumeSubscription;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.Channels) private readonly channels: ChannelRegistry,
  ) {}

  execute(command: ResumeSubscription): Promise<SubscriptionView> {
    return this.uow.run(async (tx) => {
      const found = await this.subscriptions.find(tx, command.recipientId, command.id);
      if (!found) {
        throw new SubscriptionNotFoundError(command.recipientId, command.id);
      }
      const subscription =
        found.pausedAt === null && found.consecutiveFailures === 0
          ? found
          : {
              ...found,
              pausedAt: null,
              pausedReason: null,
              consecutiveFailures: 0,
              updatedAt: toIsoUtc(this.clock.now()),
            };
      if (subscription !== found) {
        await this.subscriptions.update(tx, subscription);
      }
      return toSubscriptionView(subscription, this.channels.external(subscription.kind));
    });
  }
}
