import { type CommandHandler, CORE_TOKENS, type Database } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { ownedCalendar } from '../calendar-lookup';
import { type CalendarEventView } from '../calendar.view';
import { type CalendarRepository, type ReminderRepository } from '../ports/calendar.repository';
import { type RemindedRepository } from '../ports/feed.repository';
import { ListCalendarEvents } from './list-calendar-events.command';

/** Most occurrences one answer lists. */
const MAX_EVENTS = 500;

/** Read-only: the occurrences the calendar plans reminders for, with the projector's "last reminded". */
@injectable()
export class ListCalendarEventsHandler implements CommandHandler<ListCalendarEvents> {
  static readonly handles = ListCalendarEvents;

  constructor(
    @inject(CORE_TOKENS.Database) private readonly database: Database,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CALENDAR_TOKENS.Reminders) private readonly reminders: ReminderRepository,
    @inject(CALENDAR_TOKENS.Reminded) private readonly reminded: RemindedRepository,
  ) {}

  async execute(command: ListCalendarEvents): Promise<CalendarEventView[]> {
    const scope = { db: this.database.kysely };
    const calendar = await ownedCalendar(
      this.calendars,
      scope,
      command.recipientId,
      command.calendarId,
    );
    const last = await this.reminded.ofCalendar(scope, calendar.id);
    const byInstance = new Map<string, CalendarEventView>();
    for (const r of await this.reminders.ofCalendar(scope, calendar.id)) {
      const seen = byInstance.get(r.instanceKey);
      if (seen) {
        seen.reminders.push(r.sendAt);
        continue;
      }
      const reminded = last.get(r.instanceKey);
      byInstance.set(r.instanceKey, {
        instanceKey: r.instanceKey,
        title: r.title,
        eventAt: r.eventAt,
        expiresAt: r.expiresAt,
        reminders: [r.sendAt],
        lastRemindedAt: reminded?.lastRemindedAt ?? null,
        remindedCount: reminded?.remindedCount ?? 0,
      });
    }
    return [...byInstance.values()]
      .map((e) => ({ ...e, reminders: e.reminders.sort() }))
      .sort((a, b) =>
        a.eventAt === b.eventAt
          ? a.instanceKey.localeCompare(b.instanceKey)
          : a.eventAt < b.eventAt
            ? -1
            : 1,
      )
      .slice(0, MAX_EVENTS);
  }
}
