import { Command } from '@tickler/core';
import { IsCalendarId, IsRecipientId } from '../calendar-fields.validators';

/** Removes a calendar; its future reminders are withdrawn in the same transaction. */
export class RemoveCalendar extends Command<void> {
  static readonly type = 'calendar.remove';

  @IsRecipientId() recipientId!: string;
  @IsCalendarId() calendarId!: string;
}
