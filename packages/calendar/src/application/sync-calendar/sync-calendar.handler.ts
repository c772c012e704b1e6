import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { ownedCalendar } from '../calendar-lookup';
import { type CalendarSyncResult } from '../calendar.view';
import { type CalendarRepository } from '../ports/calendar.repository';
import { CalendarSync } from './calendar-sync';
import { SyncCalendar } from './sync-calendar.command';

/** Syncs one of the person's calendars now (HTTP, CLI) or from the queue (the periodic job). */
@injectable()
export class SyncCalendarHandler implements CommandHandler<SyncCalendar> {
  static readonly handles = SyncCalendar;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Database,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CalendarSync) private readonly sync: CalendarSync,
  ) {}

  async execute(command: SyncCalendar): Promise<CalendarSyncResult> {
    const calendar = await ownedCalendar(
      this.calendars,
      { db: this.database.kysely },
      command.recipientId,
      command.calendarId,
    );
    return this.sync.run(calendar);
  }
}
