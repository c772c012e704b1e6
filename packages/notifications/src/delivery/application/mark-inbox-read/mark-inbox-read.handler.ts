import { type Clock, type CommandHandler, CORE_TOKENS, toIsoUtc } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { InboxItemNotFoundError } from '../../../shared/domain/notification.errors';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { toInboxItemView } from '../notification-view.mapper';
import { type InboxItemView } from '../../../shared/application/notification.view';
import { type InboxRepository } from '../ports/inbox.repository';
import { type ReadEscalations } from '../ports/read-escalations.port';
import { type TransactionRunner } from '../../../shared/application/ports/transaction-runner.port';
import { MarkInboxRead } from './mark-inbox-read.command';

/**
 * Handles `MarkInboxRead`: stamps the first read instant, cancels the item's pending
 * escalation (issue 33 item 2), then answers the item.
 */
@injectable()
export class MarkInboxReadHandler implements CommandHandler<MarkInboxRead> {
  static readonly handles = MarkInboxRead;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
    @inject(NOTIFICATIONS_TOKENS.ReadEscalations) private readonly escalations: ReadEscalations,
  ) {}

  execute(command: MarkInboxRead): Promise<InboxItemView> {
    return this.uow.run(async (tx) => {
      const now = toIsoUtc(this.clock.now());
      // Only an unread row changes; an already-read one keeps its first read instant.
      const changed = await this.inbox.markRead(tx, command.recipientId, command.inboxId, now);
      const item = await this.inbox.find(tx, command.recipientId, command.inboxId);
      if (!item) {
        throw new InboxItemNotFoundError(command.recipientId, command.inboxId);
      }
      if (changed) {
        await this.escalations.cancelFor(tx, item.notificationId, now);
      }
      return toInboxItemView(item);
    });
  }
}
