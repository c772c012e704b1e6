import { type CommandHandler, CORE_TOKENS, type Database, parseInstant } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NOTIFICATIONS_TOKENS } from '../../../shared/notifications.tokens';
import { toNotificationViews } from '../notification-view.mapper';
import { type SendOutcomes } from '../ports/delivery-outlets.port';
import { type NotificationView, type Page } from '../../../shared/application/notification.view';
import { decodeCursor, encodeCursor } from '../../../shared/application/page-cursor';
import { type NotificationDeliveryRepository } from '../ports/notification-delivery.repository';
import { type RecurringSeries } from '../ports/recurring-series.port';
import { SERIES_TOKENS } from '../../../shared/series.tokens';
import { ListNotifications } from './list-notifications.command';

/** Handles `ListNotifications`: one page by send instant, then id, with an opaque cursor to the next. */
@injectable()
export class ListNotificationsHandler implements CommandHandler<ListNotifications> {
  static readonly handles = ListNotifications;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Pick<Database, 'kysely'>,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(NOTIFICATIONS_TOKENS.ChannelSendRepository)
    private readonly sends: SendOutcomes,
    @inject(SERIES_TOKENS.RecurringSeries) private readonly series: RecurringSeries,
  ) {}

  async execute(command: ListNotifications): Promise<Page<NotificationView>> {
    const limit = command.limit ?? 50;
    const after = command.cursor === undefined ? undefined : decodeCursor(command.cursor, 2);
    // One extra row tells whether another page exists without a count query.
    const scope = { db: this.database.kysely };
    const rows = await this.deliveries.list(scope, {
      recipientId: command.recipientId,
      limit: limit + 1,
      ...(command.status !== undefined ? { status: command.status } : {}),
      ...(command.since !== undefined ? { since: parseInstant(command.since, 'since') } : {}),
      ...(after ? { after: { sortAt: after[0] as string, id: after[1] as string } } : {}),
    });
    const page = rows.slice(0, limit);
    // The page's channel sends in one read (none for a page with no external channel fired).
    const fired = page.filter((d) => d.status !== 'scheduled').map((d) => d.id);
    const sends = fired.length > 0 ? await this.sends.forDeliveries(scope, fired) : [];
    // Each row's series in one read, so a list shows the repeat as a single read does.
    const series = await this.series.viewsOf(
      scope,
      page.map((d) => d.id),
    );
    const items = toNotificationViews(page, sends).map((view) => {
      const repeat = series.get(view.id);
      return repeat === undefined ? view : { ...view, repeat };
    });
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
