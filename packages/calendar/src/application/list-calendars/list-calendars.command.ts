import { Command } from '@tickler/core';
import { type CalendarView } from '../calendar.view';
import { IsRecipientId } from '../calendar-fields.validators';

/** A person's calendars, oldest first. */
export class ListCalendars extends Command<CalendarView[]> {
  static readonly type = 'calendar.list';

  @IsRecipientId() recipientId!: string;
}
