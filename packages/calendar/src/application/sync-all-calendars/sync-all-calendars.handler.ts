import { type CommandHandler, CORE_TOKENS } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { CalendarSyncQueue } from '../calendar-sync-queue';
import { type CalendarRepository } from '../ports/calendar.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { SyncAllCalendars, type SyncAllCalendarsResult } from './sync-all-calendars.command';

/**
 * The periodic job: one queue row per calendar that is on, so each download runs, fails and is
 * retried on its own (one slow server delays nobody else's calendar), and the window moves on
 * every time each calendar is read again.
 */
@injectable()
export class SyncAllCalendarsHandler implements CommandHandler<SyncAllCalendars> {
  static readonly handles = SyncAllCalendars;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CalendarSyncQueue) private readonly syncs: CalendarSyncQueue,
  ) {}

  execute(_command: SyncAllCalendars): Promise<SyncAllCalendarsResult> {
    return this.uow.run(async (tx) => {
      const enabled = await this.calendars.enabled(tx);
      for (const calendar of enabled) {
        await this.syncs.enqueue(tx, calendar.recipientId, calendar.id);
      }
      return { queued: enabled.length };
    });
  }
}
