import {
  type Clock,
  type CommandHandler,
  CORE_TOKENS,
  type Database,
  type Logger,
  toIsoUtc,
} from '@tickler/core';
import { inject, injectable } from 'inversify';
import { type DeliveryWakeUp } from '../../../shared/application/ports/wake-up.port';
import { type Scope } from '../../../shared/application/ports/scope';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { UnknownSubscriptionError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { type ChannelPauses } from '../ports/channel-pauses.port';
import {
  type ChannelSubscription,
  type SubscriptionRepository,
} from '../ports/subscription.repository';
import {
  ListPausedSubscriptions,
  PauseSubscriptionSends,
  ResumeSubscriptionSends,
  type SubscriptionPauseView,
} from './subscription-pause.command';

// The three handlers of the operator pausing one subscription: one concept, one file.

/** Handles `PauseSubscriptionSends`: one row (404 for an unknown subscription), then an audit line. */
@injectable()
export class PauseSubscriptionSendsHandler implements CommandHandler<PauseSubscriptionSends> {
  static readonly handles = PauseSubscriptionSends;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(NOTIFICATIONS_TOKENS.ChannelPauses) private readonly pauses: ChannelPauses,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  async execute(command: PauseSubscriptionSends): Promise<SubscriptionPauseView> {
    const { changed, view } = await this.uow.run(async (tx) => {
      const subscription = await existing(this.subscriptions, tx, command.id);
      const now = toIsoUtc(this.clock.now());
      const changed = await this.pauses.pauseSubscription(tx, command.id, now);
      const pause = (await this.pauses.listSubscriptions(tx)).find(
        (p) => p.subscriptionId === command.id,
      );
      return { changed, view: viewOf(subscription, pause?.pausedAt ?? now) };
    });
    this.logger.info(
      { audit: 'subscription.pause', subscriptionId: command.id, channel: view.kind, changed },
      'admin paused a subscription',
    );
    return view;
  }
}

/** Handles `ResumeSubscriptionSends`: the row goes and the send loop is woken now, then an audit line. */
@injectable()
export class ResumeSubscriptionSendsHandler implements CommandHandler<ResumeSubscriptionSends> {
  static readonly handles = ResumeSubscriptionSends;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CORE_TOKENS.Logger) private readonly logger: Logger,
    @inject(NOTIFICATIONS_TOKENS.ChannelPauses) private readonly pauses: ChannelPauses,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.SendsWakeUp) private readonly sendsWakeUp: DeliveryWakeUp,
  ) {}

  async execute(command: ResumeSubscriptionSends): Promise<SubscriptionPauseView> {
    const { changed, view } = await this.uow.run(async (tx) => {
      const subscription = await existing(this.subscriptions, tx, command.id);
      const changed = await this.pauses.resumeSubscription(tx, command.id);
      if (changed) {
        // The waiting sends are due (or overdue): the loop's wake-up skipped them while paused.
        await this.sendsWakeUp.wakeAt(tx, toIsoUtc(this.clock.now()));
      }
      return { changed, view: viewOf(subscription, null) };
    });
    this.logger.info(
      { audit: 'subscription.resume', subscriptionId: command.id, channel: view.kind, changed },
      'admin resumed a subscription',
    );
    return view;
  }
}

/** Handles `ListPausedSubscriptions`: the paused ones with their owner and kind. */
@injectable()
export class ListPausedSubscriptionsHandler implements CommandHandler<ListPausedSubscriptions> {
  static readonly handles = ListPausedSubscriptions;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.ChannelPauses) private readonly pauses: ChannelPauses,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
  ) {}

  async execute(_command: ListPausedSubscriptions): Promise<{ items: SubscriptionPauseView[] }> {
    const scope = { db: this.database.kysely };
    const paused = await this.pauses.listSubscriptions(scope);
    const found = await this.subscriptions.findByIds(
      scope,
      paused.map((p) => p.subscriptionId),
    );
    const items: SubscriptionPauseView[] = [];
    for (const pause of paused) {
      const subscription = found.get(pause.subscriptionId);
      if (subscription) {
        items.push(viewOf(subscription, pause.pausedAt));
      }
    }
    return { items };
  }
}

async function existing(
  subscriptions: SubscriptionRepository,
  scope: Scope,
  id: string,
): Promise<ChannelSubscription> {
  const subscription = (await subscriptions.findByIds(scope, [id])).get(id);
  if (!subscription) {
    throw new UnknownSubscriptionError(id);
  }
  return subscription;
}

function viewOf(subscription: ChannelSubscription, pausedAt: string | null): SubscriptionPauseView {
  return {
    id: subscription.id,
    recipientId: subscription.recipientId,
    kind: subscription.kind,
    paused: pausedAt !== null,
    pausedAt,
  };
}
