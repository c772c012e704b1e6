import {
  type Clock,
  type CommandBus,
  type CommandHandler,
  CORE_TOKENS,
  type Database,
  toIsoUtc,
} from '@tickler/core';
import { ListNotifications, type NotificationView } from '@tickler/notifications';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { CalendarFeedNotFoundError } from '../../domain/calendar.errors';
import { type CalendarFeedView } from '../calendar.view';
import { type FeedRepository } from '../ports/feed.repository';
import { type FeedItem, type FeedSecrets, type FeedWriter } from '../ports/feed-writer.port';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import {
  CreateCalendarFeed,
  RenderCalendarFeed,
  RevokeCalendarFeed,
} from './calendar-feed.commands';

/** Reminders one feed lists (the next ones first): 5 pages of the notifications list. */
export const MAX_FEED_ITEMS = 1000;

/** The feed's path for a token. */
export function feedPath(token: string): string {
  return `/v1/feeds/${token}/reminders.ics`;
}

/** Makes a new token (the old one, if any, stops working in the same write). */
@injectable()
export class CreateCalendarFeedHandler implements CommandHandler<CreateCalendarFeed> {
  static readonly handles = CreateCalendarFeed;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Clock) private readonly clock: Clock,
    @inject(CALENDAR_TOKENS.Feeds) private readonly feeds: FeedRepository,
    @inject(CALENDAR_TOKENS.FeedSecrets) private readonly secrets: FeedSecrets,
  ) {}

  async execute(command: CreateCalendarFeed): Promise<CalendarFeedView> {
    const token = this.secrets.generate();
    const createdAt = toIsoUtc(this.clock.now());
    await this.uow.run((tx) =>
      this.feeds.put(tx, command.recipientId, this.secrets.hash(token), createdAt),
    );
    return { token, path: feedPath(token), createdAt };
  }
}

/** Deletes the person's feed row: its URL is unknown from now on. */
@injectable()
export class RevokeCalendarFeedHandler implements CommandHandler<RevokeCalendarFeed> {
  static readonly handles = RevokeCalendarFeed;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CALENDAR_TOKENS.Feeds) private readonly feeds: FeedRepository,
  ) {}

  async execute(command: RevokeCalendarFeed): Promise<{ revoked: boolean }> {
    return { revoked: await this.uow.run((tx) => this.feeds.remove(tx, command.recipientId)) };
  }
}

function itemOf(n: NotificationView): FeedItem {
  return {
    id: n.id,
    title: n.title,
    message: n.message,
    url: n.url,
    scheduledAt: n.scheduledAt!,
    updatedAt: n.updatedAt,
    app: n.source?.app ?? null,
  };
}

/**
 * The person behind the token, and their scheduled reminders read through the notifications
 * context's own `ListNotifications` (every reminder, not only the calendar's): the next
 * {@link MAX_FEED_ITEMS}, as iCalendar.
 */
@injectable()
export class RenderCalendarFeedHandler implements CommandHandler<RenderCalendarFeed> {
  static readonly handles = RenderCalendarFeed;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Database,
    @inject(CORE_TOKENS.CommandBus) private readonly bus: CommandBus,
    @inject(CALENDAR_TOKENS.Feeds) private readonly feeds: FeedRepository,
    @inject(CALENDAR_TOKENS.FeedSecrets) private readonly secrets: FeedSecrets,
    @inject(CALENDAR_TOKENS.FeedWriter) private readonly writer: FeedWriter,
  ) {}

  async execute(command: RenderCalendarFeed): Promise<{ ics: string }> {
    const owner = await this.feeds.ownerOf(
      { db: this.database.kysely },
      this.secrets.hash(command.token),
    );
    if (owner === undefined) {
      throw new CalendarFeedNotFoundError();
    }
    const items: FeedItem[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.bus.dispatch(
        Object.assign(new ListNotifications(), {
          recipientId: owner,
          status: 'scheduled' as const,
          limit: 200,
          ...(cursor === undefined ? {} : { cursor }),
        }),
      );
      items.push(...page.items.filter((n) => n.scheduledAt !== null).map(itemOf));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined && items.length < MAX_FEED_ITEMS);
    return {
      ics: this.writer.write(items.slice(0, MAX_FEED_ITEMS), `Tickler reminders (${owner})`),
    };
  }
}
