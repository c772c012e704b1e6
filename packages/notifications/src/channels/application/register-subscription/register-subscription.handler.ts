import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type IdGenerator,
  toIsoUtc,
} from '@tickler/core';
import { InvalidArgumentError } from '@tickler/core/domain';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { DEFAULT_SUBSCRIPTION_KIND } from '../../../shared/application/channel-kinds';
import { type ChannelRegistry } from '../channel-registry';
import { toSubscriptionView } from '../subscription-view.mapper';
import { type NewSubscriptionView } from '../../../shared/application/notification.view';
import {
  type ChannelSubscription,
  type SubscriptionRepository,
} from '../ports/subscription.repository';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { RegisterSubscription } from './register-subscription.command';

/**
 * Handles `RegisterSubscription`: the kind's adapter checks the fields and builds the target
 * (outside any transaction: it may resolve the target's address), then one transaction inserts
 * it or updates the recipient's subscription under the same target key.
 */
@injectable()
export class RegisterSubscriptionHandler implements CommandHandler<RegisterSubscription> {
  static readonly handles = RegisterSubscription;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.Channels) private readonly channels: ChannelRegistry,
  ) {}

  async execute(command: RegisterSubscription): Promise<NewSubscriptionView> {
    const kind = command.kind ?? DEFAULT_SUBSCRIPTION_KIND;
    const channel = this.channels.external(kind);
    if (!channel) {
      throw new InvalidArgumentError('kind', `no channel "${kind}" is registered`);
    }
    const prepared = await channel.prepareTarget({ ...command, kind }, toIsoUtc(this.clock.now()));
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      const existing = await this.subscriptions.findByTarget(
        tx,
        command.recipientId,
        kind,
        prepared.targetKey,
      );
      const target =
        existing && channel.renewTarget
          ? channel.renewTarget(existing.target, prepared.target, now)
          : prepared.target;
      const subscription: ChannelSubscription = {
        id: existing?.id ?? this.ids.next(),
        recipientId: command.recipientId,
        kind,
        targetKey: prepared.targetKey,
        target,
        guarantee: command.guarantee ?? existing?.guarantee ?? 'at-least-once',
        isDefault: prepared.alwaysDefault ?? command.default ?? existing?.isDefault ?? false,
        // A registration is the owner's word that the target works: active, not paused.
        active: true,
        deactivatedAt: null,
        deactivatedReason: null,
        pausedAt: null,
        pausedReason: null,
        consecutiveFailures: 0,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      if (existing) {
        await this.subscriptions.update(tx, subscription);
      } else {
        await this.subscriptions.insert(tx, subscription);
      }
      const view = toSubscriptionView(subscription, channel);
      return prepared.secret === undefined ? view : { ...view, secret: prepared.secret };
    });
  }
}
