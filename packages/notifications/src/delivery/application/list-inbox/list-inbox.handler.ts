import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { toInboxItemView } from '../notification-view.mapper';
import { type InboxItemView, type Page } from '../../../shared/application/notification.view';
import { decodeCursor, encodeCursor } from '../../../shared/application/page-cursor';
import { type InboxRepository } from '../ports/inbox.repository';
import { ListInbox } from './list-inbox.command';

/** Handles `ListInbox`: one page newest first, reading one row more than the page to know whether another follows. */
@injectable()
export class ListInboxHandler implements CommandHandler<ListInbox> {
  static readonly handles = ListInbox;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.InboxRepository) private readonly inbox: InboxRepository,
  ) {}

  async execute(command: ListInbox): Promise<Page<InboxItemView>> {
    const limit = command.limit ?? 50;
    const before = command.cursor === undefined ? undefined : decodeCursor(command.cursor, 2);
    const rows = await this.inbox.list(
      { db: this.database.kysely },
      {
        recipientId: command.recipientId,
        limit: limit + 1,
        unreadOnly: command.unreadOnly ?? false,
        ...(before ? { before: { createdAt: before[0] as string, id: before[1] as string } } : {}),
      },
    );
    const items = rows.slice(0, limit).map(toInboxItemView);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor: rows.length > limit && last ? encodeCursor([last.createdAt, last.id]) : null,
    };
  }
}
