import { Command } from '@tickler/core';
import { type CalendarSyncResult } from '../calendar.view';
import { IsCalendarId, IsRecipientId } from '../calendar-fields.validators';

/**
 * Reads a calendar again and makes its reminders match: new occurrences create, moved ones
 * patch, cancelled or deleted ones withdraw, past ones are pruned — through the notifications
 * context's `ReconcileScheduled`, in this context's transaction. An unchanged file writes nothing.
 * A source that cannot be read keeps its reminders and records why.
 */
export class SyncCalendar extends Command<CalendarSyncResult> {
  static readonly type = 'calendar.sync';

  @IsRecipientId() recipientId!: string;
  @IsCalendarId() calendarId!: string;
}
