import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { toSubscriptionView } from '../notification-view.mapper';
import { type NewSubscriptionView } from '../notification.view';
import { type SecretGenerator } from '../ports/secret-generator.port';
import {
  type SubscriptionRepository,
  type WebhookSubscription,
} from '../ports/subscription.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { RegisterWebhook } from './register-webhook.command';

/** Handles `RegisterWebhook`: a new id and secret, upserted as the recipient's one endpoint. */
@injectable()
export class RegisterWebhookHandler implements CommandHandler<RegisterWebhook> {
  static readonly handles = RegisterWebhook;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.SecretGenerator) private readonly secrets: SecretGenerator,
  ) {}

  execute(command: RegisterWebhook): Promise<NewSubscriptionView> {
    return this.uow.run(async (tx) => {
      const subscription: WebhookSubscription = {
        id: this.ids.next(),
        recipientId: command.recipientId,
        kind: 'webhook',
        url: command.url,
        secret: this.secrets.next(),
        createdAt: toIsoUtc(this.clock.now()),
      };
      await this.subscriptions.upsertWebhook(tx, subscription);
      return { ...toSubscriptionView(subscription), secret: subscription.secret };
    });
  }
}
