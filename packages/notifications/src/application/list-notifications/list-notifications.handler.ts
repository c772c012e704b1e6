import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../notifications.tokens';
import { toNotificationView } from '../notification-view.mapper';
import { type NotificationView, type Page } from '../notification.view';
import { decodeCursor, encodeCursor } from '../page-cursor';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { ListNotifications } from './list-notifications.command';

/** Handles `ListNotifications`: one page by send instant, then id, with an opaque cursor to the next. */
@injectable()
export class ListNotificationsHandler implements CommandHandler<ListNotifications> {
  static readonly handles = ListNotifications;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
  ) {}

  async execute(command: ListNotifications): Promise<Page<NotificationView>> {
    const limit = command.limit ?? 50;
    const after = command.cursor === undefined ? undefined : decodeCursor(command.cursor, 2);
    // One extra row tells whether another page exists without a count query.
    const rows = await this.deliveries.list(
      { db: this.database.kysely },
      {
        recipientId: command.recipientId,
        limit: limit + 1,
        ...(command.status !== undefined ? { status: command.status } : {}),
        ...(after ? { after: { sortAt: after[0] as string, id: after[1] as string } } : {}),
      },
    );
    const items = rows.slice(0, limit).map(toNotificationView);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor:
        rows.length > limit && last
          ? encodeCursor([last.scheduledAt ?? last.createdAt, last.id])
          : null,
    };
  }
}
