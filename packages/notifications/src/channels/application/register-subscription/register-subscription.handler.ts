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
import { type ResolvedNotificationsOptions } from '../../../shared/application/notifications.options';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { RegisterSubscription } from './register-subscription.command';
import { checkSubscriptionLimit, codeIsDue } from './subscription-rules';

/**
 * Handles `RegisterSubscription`: the kind's adapter checks the fields and builds the target
 * (outside any transaction: it may resolve the target's address), then one transaction inserts
 * it — within the person's limit for the kind — or updates the recipient's subscription under
 * the same target key. A target that must be confirmed (email) gets a code, mailed after the
 * commit (never from inside it), when one is due (`subscription-rules.ts`).
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
    @inject(NOTIFICATIONS_TOKENS.Options)
    private readonly options: Pick<ResolvedNotificationsOptions, 'subscriptionsPerChannel'>,
  ) {}

  async execute(command: RegisterSubscription): Promise<NewSubscriptionView> {
    const kind = command.kind ?? DEFAULT_SUBSCRIPTION_KIND;
    const channel = this.channels.external(kind);
    if (!channel) {
      throw new InvalidArgumentError('kind', `no channel "${kind}" is registered`);
    }
    const prepared = await channel.prepareTarget({ ...command, kind }, toIsoUtc(this.clock.now()));
    const confirmation = channel.confirmation;
    const done = await this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      const existing = await this.subscriptions.findByTarget(
        tx,
        command.recipientId,
        kind,
        prepared.targetKey,
      );
      const held = (await this.subscriptions.list(tx, command.recipientId)).filter(
        (s) => s.kind === kind,
      );
      if (!existing) {
        checkSubscriptionLimit(
          held,
          command.recipientId,
          kind,
          this.options.subscriptionsPerChannel,
        );
      }
      let target =
        existing && channel.renewTarget
          ? channel.renewTarget(existing.target, prepared.target, now)
          : prepared.target;
      let code: string | undefined;
      if (confirmation && codeIsDue(confirmation, target, held, command.recipientId, now)) {
        ({ target, code } = confirmation.withNewCode(target, now));
      }
      const subscription: ChannelSubscription = {
        id: existing?.id ?? this.ids.next(),
        recipientId: command.recipientId,
        kind,
        targetKey: prepared.targetKey,
        target,
        guarantee: command.guarantee ?? existing?.guarantee ?? channel.defaultGuarantee,
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
      return {
        target,
        code,
        view: prepared.secret === undefined ? view : { ...view, secret: prepared.secret },
      };
    });
    if (confirmation && done.code !== undefined) {
      // After the commit: no network inside a transaction.
      const sent = await confirmation.sendCode(done.target, done.code);
      return { ...done.view, confirmationSent: sent };
    }
    return done.view;
  }
}
