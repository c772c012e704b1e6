import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { InvalidArgumentError } from '@tickler/core/domain';
import { inject, injectable } from 'inversify';
import { SubscriptionNotFoundError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelRegistry } from '../channel-registry';
import { toSubscriptionView } from '../subscription-view.mapper';
import { type SubscriptionView } from '../../../shared/application/notification.view';
import { type SubscriptionRepository } from '../ports/subscription.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { ConfirmSubscription } from './confirm-subscription.command';

/**
 * Handles `ConfirmSubscription`: checks the code against the target's (its adapter keeps only
 * a hash), in one transaction; a wrong code is counted and answered 400 naming `code`.
 */
@injectable()
export class ConfirmSubscriptionHandler implements CommandHandler<ConfirmSubscription> {
  static readonly handles = ConfirmSubscription;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.Channels) private readonly channels: ChannelRegistry,
  ) {}

  async execute(command: ConfirmSubscription): Promise<SubscriptionView> {
    const outcome = await this.uow.run(async (tx) => {
      const found = await this.subscriptions.find(tx, command.recipientId, command.id);
      if (!found) {
        throw new SubscriptionNotFoundError(command.recipientId, command.id);
      }
      const channel = this.channels.external(found.kind);
      if (channel?.confirmation === undefined) {
        throw new InvalidArgumentError('id', `a ${found.kind} subscription needs no confirmation`);
      }
      const now = toIsoUtc(this.clock.now());
      const checked = channel.confirmation.check(found.target, command.code, now);
      const subscription =
        checked.target === found.target
          ? found
          : { ...found, target: checked.target, updatedAt: now };
      if (subscription !== found) {
        // A wrong code is counted even though the answer is an error: committed first.
        await this.subscriptions.update(tx, subscription);
      }
      return { outcome: checked.outcome, view: toSubscriptionView(subscription, channel) };
    });
    if (outcome.outcome === 'wrong') {
      throw new InvalidArgumentError('code', 'does not match the code mailed to this address');
    }
    if (outcome.outcome === 'locked') {
      throw new InvalidArgumentError(
        'code',
        'no code can confirm this address any more (too many wrong codes, or none sent): register it again to get a new one',
      );
    }
    return outcome.view;
  }
}
