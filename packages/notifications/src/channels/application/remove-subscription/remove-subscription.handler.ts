import { type CommandHandler, CORE_TOKENS } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { SubscriptionNotFoundError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type SubscriptionRepository } from '../ports/subscription.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { RemoveSubscription } from './remove-subscription.command';

/** Handles `RemoveSubscription`: removes the recipient's endpoint or answers not found. */
@injectable()
export class RemoveSubscriptionHandler implements CommandHandler<RemoveSubscription> {
  static readonly handles = RemoveSubscription;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  execute(command: RemoveSubscription): Promise<void> {
    return this.uow.run(async (tx) => {
      if (!(await this.subscriptions.remove(tx, command.recipientId, command.id))) {
        throw new SubscriptionNotFoundError(command.recipientId, command.id);
      }
    });
  }
}
