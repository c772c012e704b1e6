import { type CommandBus, type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import {
  GetNotification,
  NotificationNotFoundError,
  type NotificationSourceView,
} from '@tickler/notifications';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { CALENDAR_SOURCE_APP } from '../calendar-source-app';
import { type CalendarRepository } from '../ports/calendar.repository';
import { type RemindedRepository, type SentReminder } from '../ports/feed.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { ResolveReminded, type ResolveRemindedResult } from './resolve-reminded.command';

/** Sent reminders resolved per round (one read each, then one transaction). */
const ROUND = 100;

/**
 * Resolves kept sent reminders in rounds: the delivery's source is read first, outside any
 * transaction (a read command of another context reads on the database itself: inside an open
 * transaction it would wait for that transaction's connection on SQLite); then ONE transaction
 * takes each kept row (a guarded delete: a row another resolver took is skipped) and counts it
 * on its occurrence — so a reminder is counted exactly once, whichever process gets to it and
 * wherever one is killed.
 */
@injectable()
export class ResolveRemindedHandler implements CommandHandler<ResolveReminded> {
  static readonly handles = ResolveReminded;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CORE_TOKENS.Database) private readonly database: Database,
    @inject(CORE_TOKENS.CommandBus) private readonly bus: CommandBus,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CALENDAR_TOKENS.Reminded) private readonly reminded: RemindedRepository,
  ) {}

  async execute(_command: ResolveReminded): Promise<ResolveRemindedResult> {
    const result = { counted: 0, ignored: 0 };
    for (;;) {
      const pending = await this.reminded.pendingSent({ db: this.database.kysely }, ROUND);
      if (pending.length === 0) {
        return result;
      }
      const sources = new Map<string, NotificationSourceView | null>();
      for (const sent of pending) {
        sources.set(sent.deliveryId, await this.sourceOf(sent));
      }
      await this.uow.run(async (tx) => {
        for (const sent of pending) {
          if (!(await this.reminded.takeSent(tx, sent.deliveryId))) {
            continue;
          }
          const source = sources.get(sent.deliveryId) ?? null;
          const calendar =
            source?.app === CALENDAR_SOURCE_APP && source.collection !== null && source.id !== null
              ? await this.calendars.find(tx, sent.recipientId, source.collection)
              : undefined;
          if (calendar === undefined || source === null || source.id === null) {
            result.ignored++;
            continue;
          }
          await this.reminded.record(tx, {
            calendarId: calendar.id,
            instanceKey: source.id,
            recipientId: sent.recipientId,
            sentAt: sent.sentAt,
            deliveryId: sent.deliveryId,
          });
          result.counted++;
        }
      });
    }
  }

  private async sourceOf(sent: SentReminder): Promise<NotificationSourceView | null> {
    try {
      const delivery = await this.bus.dispatch(
        Object.assign(new GetNotification(), {
          recipientId: sent.recipientId,
          id: sent.deliveryId,
        }),
      );
      return delivery.source;
    } catch (error) {
      if (error instanceof NotificationNotFoundError) {
        return null; // deleted since it was sent
      }
      throw error;
    }
  }
}
