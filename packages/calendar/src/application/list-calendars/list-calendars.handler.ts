import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { type CalendarView } from '../calendar.view';
import { CalendarViews } from '../calendar-views';
import { type CalendarRepository } from '../ports/calendar.repository';
import { ListCalendars } from './list-calendars.command';

/** Read-only: the person's calendars with their status. */
@injectable()
export class ListCalendarsHandler implements CommandHandler<ListCalendars> {
  static readonly handles = ListCalendars;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Database,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CalendarViews) private readonly views: CalendarViews,
  ) {}

  async execute(command: ListCalendars): Promise<CalendarView[]> {
    const records = await this.calendars.list({ db: this.database.kysely }, command.recipientId);
    return this.views.many(records);
  }
}
