import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { toSubscriptionView } from '../subscription-view.mapper';
import { type SubscriptionView } from '../../../shared/application/notification.view';
import { type ChannelRegistry } from '../channel-registry';
import { type SubscriptionRepository } from '../ports/subscription.repository';
import { ListSubscriptions } from './list-subscriptions.command';

/** Handles `ListSubscriptions`: the recipient's subscriptions, secrets left out. */
@injectable()
export class ListSubscriptionsHandler implements CommandHandler<ListSubscriptions> {
  static readonly handles = ListSubscriptions;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.SubscriptionRepository)
    private readonly subscriptions: SubscriptionRepository,
    @inject(NOTIFICATIONS_TOKENS.Channels) private readonly channels: ChannelRegistry,
  ) {}

  async execute(command: ListSubscriptions): Promise<SubscriptionView[]> {
    const rows = await this.subscriptions.list({ db: this.database.kysely }, command.recipientId);
    return rows.map((s) => toSubscriptionView(s, this.channels.external(s.kind)));
  }
}
