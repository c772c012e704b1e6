import { Command } from '@tickler/core';
import { type CalendarEventView } from '../calendar.view';
import { IsCalendarId, IsRecipientId } from '../calendar-fields.validators';

/** A calendar's occurrences within its window, with "last reminded" (at most 500, by start). */
export class ListCalendarEvents extends Command<CalendarEventView[]> {
  static readonly type = 'calendar.list-events';

  @IsRecipientId() recipientId!: string;
  @IsCalendarId() calendarId!: string;
}
